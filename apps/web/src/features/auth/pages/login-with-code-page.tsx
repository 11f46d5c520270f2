import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { ShieldCheck } from 'lucide-react';
import { ACCESS_CODE_LENGTH, loginWithCodeSchema, type LoginWithCodeInput } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { loginWithCode, sendLoginCode } from '../auth-slice';
import { AuthLayout, linkClass } from '../components/auth-layout';
import { toastFirstError } from '../components/form-errors';

/** Seconds before "Resend" works again. */
export const RESEND_COOLDOWN_S = 30;

export function LoginWithCodePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.code.docTitle'));
  const { email = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
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
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function onSubmit(values: { loginCode: string }) {
    const result = await dispatch(loginWithCode({ email, loginCode: values.loginCode }));
    if (loginWithCode.fulfilled.match(result)) {
      toast.success('Login Successful');
      navigate('/my-account', { replace: true });
    } else {
      toast.error(result.payload ?? 'Login failed');
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
      toast.error(result.payload ?? 'Could not send the access code');
    }
  }

  return (
    <AuthLayout
      title={t('auth.code.title')}
      subtitle={
        <>
          {t('auth.code.subtitle', { length: ACCESS_CODE_LENGTH })}
          <strong className="break-all text-slate-900 dark:text-white">{email}</strong>.
        </>
      }
      footer={
        <Link to="/login" className={linkClass}>
          {t('auth.forgot.backToSignIn')}
        </Link>
      }
    >
      <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="space-y-5">
        <Field label={t('auth.code.label')} hint={t('auth.code.hint')} error={errors.loginCode?.message}>
          {(props) => (
            <Input
              {...props}
              {...field('loginCode')}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={ACCESS_CODE_LENGTH}
              placeholder={t('auth.code.placeholder')}
              className="text-center font-mono text-2xl uppercase tracking-[0.5em]"
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isLoading && !resending}>
          <ShieldCheck className="size-5" aria-hidden />
          {t('auth.code.submit')}
        </Button>
      </form>
      <div className="mt-5 text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.code.notReceived')}{' '}
        <button type="button" onClick={resend} disabled={cooldown > 0 || resending} className={`${linkClass} disabled:cursor-not-allowed disabled:opacity-60`}>
          {cooldown > 0 ? t('auth.code.resendIn', { seconds: cooldown }) : resending ? t('common.sending') : t('auth.code.resend')}
        </button>
      </div>
    </AuthLayout>
  );
}
