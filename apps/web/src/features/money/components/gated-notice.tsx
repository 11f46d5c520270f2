import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gatingMessage, missingStep, type GatedAction, type KycStatus } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { useTranslateMessage } from '../../../i18n/messages';

/**
 * While a money action is closed to the user, which step is missing and a link to it (the
 * server refuses with the same words). Renders nothing once the action is open.
 */
export function GatedNotice({ user, action }: { user: { isVerified: boolean; kycStatus: KycStatus }; action: GatedAction }) {
  const { t } = useTranslation('app');
  const translate = useTranslateMessage();
  const message = gatingMessage(user, action);
  if (!message) return null;
  const step = missingStep(user);
  const link =
    step === 'email'
      ? { to: '/my-account', label: t('gatedNotice.resend') }
      : user.kycStatus === 'Pending'
        ? { to: '/upload-kyc', label: t('gatedNotice.kycStatus') }
        : { to: '/upload-kyc', label: t('gatedNotice.uploadKyc') };
  return (
    <Alert
      tone="warning"
      title={step === 'email' ? t('gatedNotice.emailStep') : t('gatedNotice.kycStep')}
      action={
        <Link to={link.to} className={buttonClasses('primary', 'sm')}>
          {link.label}
        </Link>
      }
    >
      {translate(message)}
    </Alert>
  );
}
