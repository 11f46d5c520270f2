import { useTranslation } from 'react-i18next';
import { VERIFIED_EMAIL_NEEDED, type KycStatus } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { AlertWithLink } from '../../../components/ui/alert-with-link';
import { useTranslateMessage } from '../../../i18n/messages';
import { useCurrentUser } from '../../../lib/hooks';
import { useKycStatusQuery } from '../api/kyc-api';

/**
 * The dashboard's KYC banner (SPEC §4 KYC states). Reads the live status (with the
 * rejection reason) from /api/users/kyc/status, falling back to the signed-in user's
 * kycStatus while that loads. Pass `status`/`reason` to render a fixed state.
 */
export function KycStatusBanner({ status, reason, className }: { status?: KycStatus; reason?: string | null; className?: string }) {
  const { t } = useTranslation('app');
  const translate = useTranslateMessage();
  const user = useCurrentUser();
  const query = useKycStatusQuery(undefined, { skip: status !== undefined || !user });
  const kycStatus = status ?? query.data?.kycStatus ?? user?.kycStatus;
  const why = reason !== undefined ? reason : query.data?.reason;
  if (!kycStatus) return null;

  switch (kycStatus) {
    case 'Not Submitted':
      return (
        <AlertWithLink tone="warning" className={className} title={t('kycStatusBanner.notSubmitted.title')} to="/upload-kyc" linkText={t('kycStatusBanner.notSubmitted.action')} linkVariant="primary">
          {t('kycStatusBanner.notSubmitted.body')}
        </AlertWithLink>
      );
    case 'Pending':
      return (
        <Alert tone="info" className={className} title={t('kycStatusBanner.pending.title')}>
          {t('kycStatusBanner.pending.body')}
        </Alert>
      );
    case 'Rejected':
      return (
        <AlertWithLink tone="danger" className={className} title={t('kycStatusBanner.rejected.title')} to="/upload-kyc" linkText={t('kycStatusBanner.rejected.action')} linkVariant="danger">
          {why ? (
            <>
              <span className="font-medium">{t('kycStatusBanner.rejected.reason')}</span> {why}
            </>
          ) : (
            t('kycStatusBanner.rejected.noReason')
          )}
        </AlertWithLink>
      );
    case 'Approved':
      return (
        <Alert tone="success" className={className} title={t('kycStatusBanner.approved.title')}>
          {user?.isVerified === false ? `${t('kycStatusBanner.approved.documentsApproved')} ${translate(VERIFIED_EMAIL_NEEDED)}` : t('kycStatusBanner.approved.open')}
        </Alert>
      );
    default:
      return null;
  }
}
