import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { ADMIN_MESSAGES, composeEmailSchema } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useSendComposedEmailMutation } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';

type FormInput = z.input<typeof composeEmailSchema>;
type FormOutput = z.output<typeof composeEmailSchema>;

/** Our own refusals (validation, rate limit) say what is wrong; anything else gets the spec's text. */
function failureText(error: unknown): string {
  const status = (error as FetchBaseQueryError).status;
  const refused = typeof status === 'number' && status >= 400 && status < 500 && status !== 401;
  return refused ? errorMessage(error, ADMIN_MESSAGES.emailFailed) : ADMIN_MESSAGES.emailFailed;
}

/** SPEC /compose-email: send_to, reply_to, subject, message; all required, emails valid. */
export function ComposeEmailPage() {
  const { t } = useTranslation('staff');
  const [params] = useSearchParams();
  const [send] = useSendComposedEmailMutation();
  const defaultValues = { send_to: params.get('to') ?? '', reply_to: '', subject: '', message: '' };
  const { register, handleSubmit, reset, formState } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(composeEmailSchema), defaultValues });
  const { errors, isSubmitting } = formState;

  async function onSubmit(values: FormOutput) {
    try {
      await send(values).unwrap();
      toast.success(ADMIN_MESSAGES.emailSent);
      reset({ send_to: '', reply_to: values.reply_to, subject: '', message: '' });
    } catch (error) {
      toast.error(failureText(error));
    }
  }

  return (
    <AdminPage messages="composeEmailPage">
      <Card className="max-w-3xl">
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={t('composeEmailPage.form')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('composeEmailPage.sendTo')} error={errors.send_to?.message}>
              {(field) => <Input {...field} {...register('send_to')} type="email" inputMode="email" placeholder={t('composeEmailPage.sendToPlaceholder')} />}
            </Field>
            <Field label={t('composeEmailPage.replyTo')} error={errors.reply_to?.message} hint={t('composeEmailPage.replyToHint')}>
              {(field) => <Input {...field} {...register('reply_to')} type="email" inputMode="email" placeholder={t('composeEmailPage.replyToPlaceholder')} />}
            </Field>
          </div>
          <Field label={t('composeEmailPage.subject')} error={errors.subject?.message}>
            {(field) => <Input {...field} {...register('subject')} />}
          </Field>
          <Field label={t('composeEmailPage.message')} error={errors.message?.message} hint={t('composeEmailPage.messageHint')}>
            {(field) => <Textarea {...field} {...register('message')} rows={10} />}
          </Field>
          <Button type="submit" size="lg" loading={isSubmitting}>
            {t('composeEmailPage.send')}
          </Button>
        </form>
      </Card>
    </AdminPage>
  );
}
