import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { MailCheck } from 'lucide-react';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Field, Input } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { translateMessage } from '../../../i18n/messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { forgotPassword } from '../auth-slice';
import { AuthButton } from '../components/auth-button';
import { AuthLayout } from '../components/auth-layout';
import { toastFirstError } from '../components/form-errors';

export function ForgotPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.docTitle'));
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register: field,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput, unknown, { email: string }>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  async function onSubmit(values: { email: string }) {
    const result = await dispatch(forgotPassword(values.email));
    if (forgotPassword.fulfilled.match(result)) {
      toast.success(result.payload.message);
      setSent(result.payload.message);
    } else {
      toast.error(result.payload ?? 'Could not send the email');
    }
  }

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={{ to: '/login', label: t('forgot.backToSignIn') }}
    >
      {sent && (
        <Alert tone="success" title={t('forgot.checkInbox')} className="mb-5">
          {translateMessage(sent)} {t('forgot.linkExpires')}
        </Alert>
      )}
      <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="space-y-5">
        <Field label={t('common.email')} error={errors.email?.message}>
          {(props) => <Input {...props} {...field('email')} type="email" autoComplete="email" placeholder={t('common.emailPlaceholder')} />}
        </Field>
        <AuthButton type="submit" icon={MailCheck} loading={isLoading}>
          {t('forgot.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
