import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adjustmentSchema } from '@app/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAdjustMutation, type AdjustPath } from '../api/money-api';

/** Add or deduct an amount with a required reason (PRODUCT §1.2): posts a labelled journal. The server's rule: adjustmentSchema. */
export function AdjustForm({ userId, path, failure, labels }: { userId: string; path: AdjustPath; failure: string; labels: { add: string; deduct: string } }) {
  const { t } = useTranslation('staff');
  const [adjust] = useAdjustMutation();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(adjustmentSchema, { operation: 'add', amount: '', reason: '' });

  async function submit(values: z.output<typeof adjustmentSchema>) {
    try {
      // The amount as typed (the schema checked it); the server reads it with the same rule.
      const answer = await adjust({ id: userId, path, operation: values.operation, amount: String(getValues('amount')).trim(), reason: values.reason }).unwrap();
      toast.success(answer.message);
      reset({ operation: values.operation, amount: '', reason: '' });
    } catch (error) {
      toast.error(errorMessage(error, failure));
    }
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label={t('adjustForm.operation')}>
        {(props) => (
          <Select {...props} {...register('operation')}>
            <option value="add">{labels.add}</option>
            <option value="deduct">{labels.deduct}</option>
          </Select>
        )}
      </Field>
      <Field label={t('adjustForm.amount')} error={errors.amount?.message}>
        {(props) => <Input {...props} {...register('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" />}
      </Field>
      <Field label={t('adjustForm.reason')} error={errors.reason?.message} hint={t('adjustForm.reasonHint')} className="sm:col-span-2">
        {(props) => <Textarea {...props} {...register('reason')} maxLength={500} />}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          {t('adjustForm.save')}
        </Button>
      </div>
    </form>
  );
}
