import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { KeyRound } from 'lucide-react';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '@app/shared';
import { Field } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { resetPassword } from '../auth-slice';
import { AuthButton } from '../components/auth-button';
import { AuthLayout } from '../components/auth-layout';
import { toastFirstError } from '../components/form-errors';
import { PasswordInput } from '../components/password-input';
import { PasswordStrength } from '../components/password-strength';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.docTitle'));
  const { resetToken = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const {
    register: field,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ResetPasswordFormInput, unknown, { password: string; password2: string }>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', password2: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  async function onSubmit(values: { password: string }) {
    const result = await dispatch(resetPassword({ token: resetToken, password: values.password }));
    if (resetPassword.fulfilled.match(result)) {
      toast.success(result.payload.message);
      navigate('/login');
    } else {
      toast.error(result.payload ?? 'Could not reset the password');
    }
  }

  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={{ to: '/forgot', label: t('reset.newLink') }}
    >
      <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="space-y-5">
        <Field label={t('common.newPassword')} error={errors.password?.message}>
          {(props) => <PasswordInput {...props} {...field('password')} autoComplete="new-password" />}
        </Field>
        <Field label={t('common.confirmNewPassword')} error={errors.password2?.message}>
          {(props) => <PasswordInput {...props} {...field('password2')} autoComplete="new-password" />}
        </Field>
        <PasswordStrength password={password} />
        <AuthButton type="submit" icon={KeyRound} loading={isLoading}>
          {t('reset.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
