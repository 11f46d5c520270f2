import { useTranslation } from 'react-i18next';
import { gatingMessage, missingStep, type GatedAction, type KycStatus } from '@app/shared';
import { AlertWithLink } from '../../../components/ui/alert-with-link';
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
    <AlertWithLink tone="warning" title={step === 'email' ? t('gatedNotice.emailStep') : t('gatedNotice.kycStep')} to={link.to} linkText={link.label} linkVariant="primary">
      {translate(message)}
    </AlertWithLink>
  );
}
