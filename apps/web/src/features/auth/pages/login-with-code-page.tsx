import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { MailCheck, Send, ShieldCheck } from 'lucide-react';
import { ACCESS_CODE_LENGTH, loginSchema, loginWithCodeSchema, type LoginWithCodeInput } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { login, loginWithCode, sendLoginCode } from '../auth-slice';
import { AuthButton } from '../components/auth-button';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { Emphasis } from '../../../components/ui/emphasis';
import { toastFirstError } from '../components/form-errors';
import { PasswordInput } from '../components/password-input';

/** Seconds before "Resend" works again. */
export const RESEND_COOLDOWN_S = 30;

/** Sending a code takes the password from this browser: a code alone never signs anyone in. */
const sendCodeSchema = loginSchema.pick({ password: true });

/**
 * /loginWithCode/{email}: the "New browser" step. Coming from the sign-in form (the twoFactor
 * flag, SPEC §4) a code is on its way and the page says so; opened directly, it claims nothing
 * and offers to send one.
 */
export function LoginWithCodePage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('code.docTitle'));
  const { email = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const codeFlow = useAppSelector((state) => state.auth.twoFactor);
  const [sentHere, setSentHere] = useState(false);
  const sent = codeFlow || sentHere;
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  const [resending, setResending] = useState(false);
  const {
    register: field,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginWithCodeInput, unknown, { loginCode: string }>({
    resolver: zodResolver(loginWithCodeSchema),
    defaultValues: { loginCode: '' },
  });

  useEffect(() => {
    if (!sent || cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [sent, cooldown]);

  async function onSubmit(values: { loginCode: string }) {
    const result = await dispatch(loginWithCode({ email, loginCode: values.loginCode }));
    if (loginWithCode.fulfilled.match(result)) {
      toast.success('Login Successful');
      navigate('/my-account', { replace: true });
    } else {
      toast.error(result.payload ?? t('code.loginFailed'));
    }
  }

  async function resend() {
    setResending(true);
    const result = await dispatch(sendLoginCode(email));
    setResending(false);
    if (sendLoginCode.fulfilled.match(result)) {
      toast.success(result.payload.message);
      setCooldown(RESEND_COOLDOWN_S);
    } else {
      toast.error(result.payload ?? t('code.sendFailed'));
    }
  }

  return (
    <AuthLayout
      title={t('code.title')}
      subtitle={
        <Emphasis
          text={t(sent ? 'code.sentTo' : 'code.newBrowserTo', { skipInterpolation: true })}
          values={{ length: ACCESS_CODE_LENGTH, email }}
          className="break-all text-slate-900 dark:text-white"
        />
      }
      footer={{ to: '/login', label: t('code.backToSignIn') }}
    >
      {sent ? (
        <Alert tone="info" title={t('code.newBrowser')} className="mb-5">
          {t('code.newBrowserNote')}
        </Alert>
      ) : (
        <SendCode email={email} onSent={() => setSentHere(true)} />
      )}
      <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="space-y-5">
        <Field
          label={t('code.label')}
          hint={sent ? t('code.hint') : t('code.haveCode')}
          error={errors.loginCode?.message}
        >
          {(props) => (
            <Input
              {...props}
              {...field('loginCode')}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={ACCESS_CODE_LENGTH}
              placeholder={t('code.placeholder')}
              className="text-center font-mono text-2xl uppercase tracking-[0.5em]"
            />
          )}
        </Field>
        <AuthButton type="submit" variant={sent ? 'primary' : 'outline'} icon={ShieldCheck} loading={isLoading && !resending && sent}>
          {t('code.submit')}
        </AuthButton>
      </form>
      {sent && (
        <div className="mt-5 text-center text-sm text-slate-600 dark:text-slate-400">
          {t('code.notReceived')}{' '}
          <button type="button" onClick={resend} disabled={cooldown > 0 || resending} className={`${linkClass} disabled:cursor-not-allowed disabled:opacity-60`}>
            {cooldown > 0 ? t('code.resendIn', { seconds: cooldown }) : resending ? t('code.sending') : t('code.resend')}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}

/** Opened directly: the password, then the server emails a code (its "New browser" answer says it did). */
function SendCode({ email, onSent }: { email: string; onSent: () => void }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const {
    register: field,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ password: string }>({ resolver: zodResolver(sendCodeSchema), defaultValues: { password: '' } });

  async function send(values: { password: string }) {
    setBusy(true);
    const result = await dispatch(login({ email, password: values.password }));
    setBusy(false);
    if (login.fulfilled.match(result)) {
      // This browser was already trusted: no code needed.
      toast.success('Login Successful');
      navigate('/my-account', { replace: true });
      return;
    }
    const message = result.payload ?? t('code.loginFailed');
    if (message.includes('New browser')) onSent();
    else setError('password', { message });
  }

  return (
    <form onSubmit={handleSubmit(send)} noValidate className="mb-6 space-y-4 border-b border-slate-200 pb-6 dark:border-slate-800" aria-label={t('code.sendMe')}>
      <p className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
        {t('code.noCodeYet')}
      </p>
      <Field label={t('code.password')} error={errors.password?.message}>
        {(props) => <PasswordInput {...props} {...field('password')} autoComplete="current-password" />}
      </Field>
      <Button type="submit" className="w-full" loading={busy}>
        <Send className="size-4" aria-hidden />
        {t('code.sendMe')}
      </Button>
    </form>
  );
}
