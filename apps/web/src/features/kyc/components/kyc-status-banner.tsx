import { Link } from 'react-router';
import type { KycStatus } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/hooks';
import { useKycStatusQuery } from '../api/kyc-api';

/**
 * The dashboard's KYC banner (SPEC §4 KYC states). Reads the live status (with the
 * rejection reason) from /api/users/kyc/status, falling back to the signed-in user's
 * kycStatus while that loads. Pass `status`/`reason` to render a fixed state.
 */
export function KycStatusBanner({ status, reason, className }: { status?: KycStatus; reason?: string | null; className?: string }) {
  const user = useCurrentUser();
  const query = useKycStatusQuery(undefined, { skip: status !== undefined || !user });
  const kycStatus = status ?? query.data?.kycStatus ?? user?.kycStatus;
  const why = reason !== undefined ? reason : query.data?.reason;
  if (!kycStatus) return null;

  switch (kycStatus) {
    case 'Not Submitted':
      return (
        <Alert
          tone="warning"
          className={className}
          title="Verify your identity"
          action={
            <Link to="/upload-kyc" className={buttonClasses('primary', 'sm')}>
              Upload KYC documents
            </Link>
          }
        >
          Upload the front and back of your ID to unlock deposits, investments and withdrawals.
        </Alert>
      );
    case 'Pending':
      return (
        <Alert tone="info" className={className} title="KYC under review">
          Your documents have been received and are being reviewed. We will email you when it is done.
        </Alert>
      );
    case 'Rejected':
      return (
        <Alert
          tone="danger"
          className={className}
          title="KYC not approved"
          action={
            <Link to="/upload-kyc" className={buttonClasses('danger', 'sm')}>
              Re-upload documents
            </Link>
          }
        >
          {why ? (
            <>
              <span className="font-medium">Reason:</span> {why}
            </>
          ) : (
            'We could not approve your documents. Please upload clearer photos of both sides.'
          )}
        </Alert>
      );
    case 'Approved':
      return (
        <Alert tone="success" className={className} title="Identity verified">
          Your KYC documents are approved.
          {user?.isVerified === false ? ' Verify your email to unlock withdrawals.' : ' Deposits, investments and withdrawals are open to you.'}
        </Alert>
      );
    default:
      return null;
  }
}
