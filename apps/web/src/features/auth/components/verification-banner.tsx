import { useTranslation } from 'react-i18next';
import { VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { translateMessage } from '../../../i18n/messages';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { sendVerificationEmail } from '../auth-slice';
import { useState } from 'react';

/** SPEC §4: while the email is unverified, a banner with Resend Verification Link. */
export function UnverifiedEmailBanner({ className }: { className?: string }) {
  const user = useAppSelector((state) => state.auth.user);
  const dispatch = useAppDispatch();
  const [sending, setSending] = useState(false);
  const { t } = useTranslation('auth');
  if (!user || user.isVerified) return null;

  async function resend() {
    setSending(true);
    const result = await dispatch(sendVerificationEmail());
    setSending(false);
    if (sendVerificationEmail.fulfilled.match(result)) toast.success(result.payload.message);
    else toast.error(result.payload ?? 'Could not send the email');
  }

  return (
    <Alert
      tone="warning"
      title={t('banner.title')}
      className={className}
      action={
        <Button variant="outline" size="sm" onClick={resend} loading={sending}>
          {t('banner.resend')}
        </Button>
      }
    >
      {t('banner.sentBefore')}<strong>{user.email}</strong>. {translateMessage(VERIFIED_EMAIL_NEEDED)}
    </Alert>
  );
}
