import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { CONTACT_MESSAGES, contactSchema, TIMERS_MS } from '@app/shared';
import { ApiError, apiFetch } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { translateMessage } from '../../../i18n/messages';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

type FormInput = z.input<typeof contactSchema>;
type FormOutput = z.output<typeof contactSchema>;

/** Our own refusals (validation, rate limit) say what is wrong; anything else gets the spec's text. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return CONTACT_MESSAGES.failed;
}

/**
 * SPEC §3 contact form: user_name, user_email, message, all required, email valid (§5).
 * Goes to the support mailbox (POST /api/contact). The status line clears after 5 s (§9).
 */
export function ContactForm() {
  const { t } = useTranslation('public');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { user_name: '', user_email: '', message: '' },
  });

  // Each new status line stays for 5 s (SPEC §9), then clears.
  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), TIMERS_MS.contactMessageClear);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function onSubmit(values: FormOutput) {
    try {
      await apiFetch('/api/contact', { method: 'POST', body: values });
      toast.success(CONTACT_MESSAGES.sent);
      setStatus({ tone: 'success', text: CONTACT_MESSAGES.sent });
      reset();
    } catch (error) {
      const text = failureText(error);
      toast.error(text);
      setStatus({ tone: 'error', text });
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={t('contact.label')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('contact.name')} error={errors.user_name?.message}>
          {(field) => <Input {...field} {...register('user_name')} autoComplete="name" />}
        </Field>
        <Field label={t('contact.email')} error={errors.user_email?.message}>
          {(field) => <Input {...field} {...register('user_email')} type="email" autoComplete="email" inputMode="email" />}
        </Field>
      </div>
      <Field label={t('contact.message')} error={errors.message?.message} hint={t('contact.hint')}>
        {(field) => <Textarea {...field} {...register('message')} rows={6} />}
      </Field>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" loading={isSubmitting}>
          {t('contact.send')}
        </Button>
        <p
          role="status"
          aria-live="polite"
          className={cn('text-sm font-medium', status?.tone === 'error' ? 'text-red-700 dark:text-red-400' : 'text-brand-700 dark:text-brand-300')}
          data-testid="contact-status"
        >
          {status && translateMessage(status.text)}
        </p>
      </div>
    </form>
  );
}
