import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { BadgeCheck, LogIn, Send } from 'lucide-react';
import { TIMERS_MS } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { AlertWithLink } from '../../../components/ui/alert-with-link';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { getUser, sendVerificationEmail, verifyUser } from '../auth-slice';
import { AuthLayout } from '../components/auth-layout';
import { Emphasis } from '../../../components/ui/emphasis';

/**
 * /verify/{token}: Verify & Continue. A bad or expired link is not a dead end: the page offers
 * a new link, asking the user to sign in first when needed (and coming back here with
 * ?resend=1, straight to the offer).
 */
export function VerifyPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.title'));
  const { verificationToken = '' } = useParams();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const resendOnly = params.get('resend') === '1' && isLoggedIn;

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
      const message = result.payload ?? t('verify.failed');
      setError(message);
      toast.error(message);
    }
  }

  return (
    <AuthLayout title={t('verify.title')} subtitle={t('verify.subtitle')}>
      {state === 'done' ? (
        <Alert tone="success" title={t('verify.verified')}>
          {t('verify.next')}
        </Alert>
      ) : resendOnly ? (
        <Resend token={verificationToken} />
      ) : (
        <>
          {error && (
            <Alert tone="danger" className="mb-5" title={error}>
              {t('verify.expired')}
            </Alert>
          )}
          {error ? (
            <Resend token={verificationToken} />
          ) : (
            <Button size="lg" className="w-full" onClick={verify} loading={state === 'busy'}>
              <BadgeCheck className="size-5" aria-hidden />
              {t('verify.submit')}
            </Button>
          )}
        </>
      )}
    </AuthLayout>
  );
}

/** A new link: sent at once when signed in; otherwise sign in first and come back here. */
function Resend({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function resend() {
    setSending(true);
    const result = await dispatch(sendVerificationEmail());
    setSending(false);
    if (sendVerificationEmail.fulfilled.match(result)) {
      setSent(true);
      toast.success(result.payload.message);
    } else {
      toast.error(result.payload ?? t('verify.sendFailed'));
    }
  }

  if (!isLoggedIn) {
    return (
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <p>{t('verify.signInFirst')}</p>
        <Link to="/login" state={{ from: `/verify/${encodeURIComponent(token)}?resend=1` }} className={buttonClasses('primary', 'lg', 'w-full')}>
          <LogIn className="size-5" aria-hidden />
          {t('verify.signInToResend')}
        </Link>
      </div>
    );
  }
  if (user?.isVerified) {
    return (
      <AlertWithLink tone="success" title={t('verify.alreadyVerified')} to="/my-account" linkText={t('verify.toDashboard')} />
    );
  }
  if (sent) {
    return (
      <Alert tone="success" title={t('verify.onItsWay')}>
        <Emphasis text={t('verify.sentTo', { skipInterpolation: true })} values={{ email: user?.email ?? t('verify.yourEmail') }} />
      </Alert>
    );
  }
  return (
    <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
      <p>
        <Emphasis text={t('verify.canSendTo', { skipInterpolation: true })} values={{ email: user?.email ?? t('verify.yourEmail') }} />
      </p>
      <Button size="lg" className="w-full" onClick={resend} loading={sending}>
        <Send className="size-5" aria-hidden />
        {t('verify.resend')}
      </Button>
    </div>
  );
}
