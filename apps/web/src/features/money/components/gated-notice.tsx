import { Link } from 'react-router';
import { gatingMessage, missingStep, type GatedAction, type KycStatus } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';

/**
 * While a money action is closed to the user, which step is missing and a link to it (the
 * server refuses with the same words). Renders nothing once the action is open.
 */
export function GatedNotice({ user, action }: { user: { isVerified: boolean; kycStatus: KycStatus }; action: GatedAction }) {
  const message = gatingMessage(user, action);
  if (!message) return null;
  const step = missingStep(user);
  const link =
    step === 'email'
      ? { to: '/my-account', label: 'Resend the verification link' }
      : user.kycStatus === 'Pending'
        ? { to: '/upload-kyc', label: 'See your KYC status' }
        : { to: '/upload-kyc', label: 'Upload KYC documents' };
  return (
    <Alert
      tone="warning"
      title={step === 'email' ? 'Step 2 of 7: confirm your email' : 'Step 3 of 7: KYC approval'}
      action={
        <Link to={link.to} className={buttonClasses('primary', 'sm')}>
          {link.label}
        </Link>
      }
    >
      {message}
    </Alert>
  );
}
