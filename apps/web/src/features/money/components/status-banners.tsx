import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { apiFetch, errorMessage } from '../../../lib/api';

/**
 * The dashboard's banner area: email verification first, then the KYC state (PRODUCT §2
 * Gating: deposits, investments and withdrawals need both).
 */
export function StatusBanners({ isVerified, kycStatus }: { isVerified: boolean; kycStatus: string }) {
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    try {
      const answer = await apiFetch<{ message: string }>('/api/users/sendVerificationEmail', { method: 'POST', body: {} });
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not send the email'));
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="space-y-3">
      {!isVerified && (
        <Alert
          tone="warning"
          title="Please verify your email address"
          action={
            <Button size="sm" variant="outline" loading={sending} onClick={() => void resend()}>
              Resend Verification Link
            </Button>
          }
        >
          Deposits, investments and withdrawals unlock once your email is verified and your identity (KYC) is approved.
        </Alert>
      )}
      {kycStatus === 'Not Submitted' && (
        <Alert tone="info" title="Verify your identity" action={<Link className={buttonClasses('outline', 'sm')} to="/upload-kyc">Upload KYC documents</Link>}>
          Upload a photo of both sides of an ID document to start depositing and investing.
        </Alert>
      )}
      {kycStatus === 'Pending' && (
        <Alert tone="info" title="Your KYC documents are under review">
          We will email you as soon as they are reviewed, usually within one business day.
        </Alert>
      )}
      {kycStatus === 'Rejected' && (
        <Alert tone="danger" title="Your KYC documents were rejected" action={<Link className={buttonClasses('outline', 'sm')} to="/upload-kyc">Upload again</Link>}>
          Please upload clear photos of both sides of a valid ID document.
        </Alert>
      )}
    </div>
  );
}
