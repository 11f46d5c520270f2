import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { ADMIN_MESSAGES, composeEmailSchema } from '@app/shared';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSendComposedEmailMutation } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';

type FormInput = z.input<typeof composeEmailSchema>;
type FormOutput = z.output<typeof composeEmailSchema>;

/** Our own refusals (validation, rate limit) say what is wrong; anything else gets the spec's text. */
function failureText(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  const message = (error as { data?: { message?: unknown } }).data?.message;
  if (typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && typeof message === 'string') return message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return ADMIN_MESSAGES.emailFailed;
}

/** SPEC /compose-email: send_to, reply_to, subject, message; all required, emails valid. */
export function ComposeEmailPage() {
  useDocumentTitle('Send Email', 'Write to a user or anyone else from the support address.');
  const [params] = useSearchParams();
  const [send] = useSendComposedEmailMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(composeEmailSchema),
    defaultValues: { send_to: params.get('to') ?? '', reply_to: '', subject: '', message: '' },
  });

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
    <>
      <PageHeader title="Send Email" description="The email goes through the outbox; you can follow its delivery there." />
      <AdminNav />
      <Card className="max-w-3xl">
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label="Compose email">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Send to" error={errors.send_to?.message}>
              {(field) => <Input {...field} {...register('send_to')} type="email" inputMode="email" placeholder="user@example.com" />}
            </Field>
            <Field label="Reply to" error={errors.reply_to?.message} hint="Where answers should go.">
              {(field) => <Input {...field} {...register('reply_to')} type="email" inputMode="email" placeholder="support@example.com" />}
            </Field>
          </div>
          <Field label="Subject" error={errors.subject?.message}>
            {(field) => <Input {...field} {...register('subject')} />}
          </Field>
          <Field label="Message" error={errors.message?.message} hint="Separate paragraphs with an empty line.">
            {(field) => <Textarea {...field} {...register('message')} rows={10} />}
          </Field>
          <Button type="submit" size="lg" loading={isSubmitting}>
            Send email
          </Button>
        </form>
      </Card>
    </>
  );
}
