import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { Fingerprint, LogIn } from 'lucide-react';
import { loginSchema, type LoginInput } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { login, loginWithGoogle, loginWithPasskey } from '../auth-slice';
import { AuthButton } from '../components/auth-button';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { toastFirstError } from '../components/form-errors';
import { GoogleSignIn } from '../components/google-sign-in';
import { PasswordInput } from '../components/password-input';
import { SuspendedModal } from '../components/suspended-modal';
import { browserSupportsPasskeys } from '../passkeys';

type LoginOutput = { email: string; password: string; twoFactorCode?: string };

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.docTitle'), t('login.docDescription'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const [needsCode, setNeedsCode] = useState(false);
  const [suspended, setSuspended] = useState(false);
  const [googleCredential, setGoogleCredential] = useState<string | null>(null);
  const [passkeys] = useState(browserSupportsPasskeys);
  /** The two-factor step may take one of the account's passkeys instead of a code. */
  const [passkeyOffered, setPasskeyOffered] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  const {
    register: field,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  function afterSignIn() {
    toast.success('Login Successful');
    navigate(from && from !== '/login' ? from : '/my-account', { replace: true });
  }

  function onRefused(message: string, twoFactorRequired: boolean, email?: string, passkeyAvailable = false) {
    if (twoFactorRequired) {
      setNeedsCode(true);
      setPasskeyOffered(passkeyAvailable);
      toast.info(message, { toastId: 'two-factor' });
      return;
    }
    // A new browser is a step to take, not an error: the code page says what to do (SPEC §4 flow).
    if (message.includes('New browser') && email) {
      navigate(`/loginWithCode/${encodeURIComponent(email)}`);
      return;
    }
    toast.error(message);
    if (message.includes('suspended')) setSuspended(true);
  }

  async function onSubmit(values: LoginOutput) {
    if (googleCredential && needsCode) {
      return onGoogle(googleCredential, values.twoFactorCode);
    }
    const result = await dispatch(
      login({ email: values.email, password: values.password, twoFactorCode: needsCode ? values.twoFactorCode || undefined : undefined }),
    );
    if (login.fulfilled.match(result)) return afterSignIn();
    onRefused(result.payload ?? 'Login failed', Boolean(result.meta.twoFactorRequired), values.email, Boolean(result.meta.passkeyAvailable));
  }

  /** Without an email: any passkey of this site signs its account in. At the two-factor step: one of that account's. */
  async function onPasskey(email?: string) {
    setPasskeyBusy(true);
    const result = await dispatch(loginWithPasskey({ email }));
    setPasskeyBusy(false);
    if (loginWithPasskey.fulfilled.match(result)) return afterSignIn();
    onRefused(result.payload ?? 'Passkey sign-in failed', false);
  }

  async function onGoogle(credential: string, twoFactorCode?: string) {
    setGoogleCredential(credential);
    const result = await dispatch(loginWithGoogle({ credential, twoFactorCode: twoFactorCode || undefined }));
    if (loginWithGoogle.fulfilled.match(result)) return afterSignIn();
    onRefused(result.payload ?? 'Google sign-in failed', Boolean(result.meta.twoFactorRequired));
  }

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={{ prompt: t('login.newTo'), to: '/register', label: t('login.createAccount') }}
    >
      <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="space-y-5">
        <Field label={t('common.email')} error={errors.email?.message}>
          {(props) => <Input {...props} {...field('email')} type="email" autoComplete="email" placeholder={t('common.emailPlaceholder')} />}
        </Field>
        <Field label={t('common.password')} error={errors.password?.message}>
          {(props) => <PasswordInput {...props} {...field('password')} autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />}
        </Field>
        {needsCode && (
          <Field
            label={t('login.code')}
            hint={t('login.codeHint')}
            error={errors.twoFactorCode?.message}
          >
            {(props) => (
              <Input {...props} {...field('twoFactorCode')} autoComplete="one-time-code" inputMode="text" autoFocus placeholder="123456" />
            )}
          </Field>
        )}
        {needsCode && passkeyOffered && passkeys && (
          <Button variant="outline" className="w-full" onClick={() => void onPasskey(getValues('email'))} loading={passkeyBusy}>
            <Fingerprint className="size-4" aria-hidden />
            {t('login.usePasskey')}
          </Button>
        )}
        <div className="flex justify-end text-sm">
          <Link to="/forgot" className={linkClass}>
            {t('login.forgot')}
          </Link>
        </div>
        <AuthButton type="submit" icon={LogIn} loading={isLoading}>
          {t('nav.signIn')}
        </AuthButton>
        {passkeys && !needsCode && (
          <AuthButton variant="outline" icon={Fingerprint} onClick={() => void onPasskey()} loading={passkeyBusy}>
            {t('login.withPasskey')}
          </AuthButton>
        )}
      </form>
      <GoogleSignIn onCredential={(credential) => void onGoogle(credential)} />
      <SuspendedModal open={suspended} onClose={() => setSuspended(false)} />
    </AuthLayout>
  );
}
