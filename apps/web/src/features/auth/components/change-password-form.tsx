import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { KeyRound } from 'lucide-react';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/input';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { changePassword } from '../auth-slice';
import { toastFirstError } from './form-errors';
import { requestAutomatedEmail } from '../../../lib/automated-email';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';

type Output = { oldPassword: string; password: string; password2: string };

/** SPEC §5: all three fields required; new and confirmation match. Other devices are signed out. */
export function ChangePasswordForm({ readOnly, onChanged }: { readOnly: boolean; onChanged?: () => void }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector((state) => state.auth.isLoading);
  const user = useAppSelector((state) => state.auth.user);
  const {
    register: field,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordFormInput, unknown, Output>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: '', password: '', password2: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  async function onSubmit(values: Output) {
    const result = await dispatch(changePassword({ oldPassword: values.oldPassword, password: values.password }));
    if (changePassword.fulfilled.match(result)) {
      toast.success(result.payload.message);
      if (user) requestAutomatedEmail({ send_to: user.email, reply_to: user.email, subject: 'Password changed', template: 'changePassword', url: `${window.location.origin}/login` });
      reset();
      onChanged?.();
    } else {
      toast.error(result.payload ?? 'Could not change the password');
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit, toastFirstError)} noValidate className="space-y-5">
      <Field label={t('changePassword.current')} error={errors.oldPassword?.message}>
        {(props) => <PasswordInput {...props} {...field('oldPassword')} autoComplete="current-password" disabled={readOnly} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('common.newPassword')} error={errors.password?.message}>
          {(props) => <PasswordInput {...props} {...field('password')} autoComplete="new-password" disabled={readOnly} />}
        </Field>
        <Field label={t('common.confirmNewPassword')} error={errors.password2?.message}>
          {(props) => <PasswordInput {...props} {...field('password2')} autoComplete="new-password" disabled={readOnly} />}
        </Field>
      </div>
      <PasswordStrength password={password} />
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('changePassword.note')}</p>
      <div className="flex justify-end">
        <Button type="submit" loading={isLoading} disabled={readOnly}>
          <KeyRound className="size-4" aria-hidden />
          {t('changePassword.submit')}
        </Button>
      </div>
    </form>
  );
}
