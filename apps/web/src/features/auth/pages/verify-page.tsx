import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { BadgeCheck } from 'lucide-react';
import { TIMERS_MS } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { translateMessage } from '../../../i18n/messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { getUser, verifyUser } from '../auth-slice';
import { AuthLayout } from '../components/auth-layout';

export function VerifyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.verify.title'));
  const { verificationToken = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function verify() {
    setState('busy');
    setError(null);
    const result = await dispatch(verifyUser(verificationToken));
    if (verifyUser.fulfilled.match(result)) {
      setState('done');
      toast.success(result.payload.message);
      if (isLoggedIn) void dispatch(getUser());
      // SPEC §4: on to identity verification after 3 seconds.
      timer.current = setTimeout(() => navigate('/upload-kyc'), TIMERS_MS.redirectAfterVerification);
    } else {
      setState('idle');
      const message = result.payload ?? 'Verification failed';
      setError(message);
      toast.error(message);
    }
  }

  return (
    <AuthLayout title={t('auth.verify.title')} subtitle={t('auth.verify.subtitle')}>
      {state === 'done' ? (
        <Alert tone="success" title={t('auth.verify.verified')}>
          {t('auth.verify.next')}
        </Alert>
      ) : (
        <>
          {error && (
            <Alert tone="danger" className="mb-5">
              {translateMessage(error)}
            </Alert>
          )}
          <Button size="lg" className="w-full" onClick={verify} loading={state === 'busy'}>
            <BadgeCheck className="size-5" aria-hidden />
            {t('auth.verify.submit')}
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
