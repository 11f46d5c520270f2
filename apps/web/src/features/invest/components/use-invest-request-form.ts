import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { INVEST_MESSAGES } from '@app/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/use-schema-form';

/**
 * An investment request form (start, upgrade), checked by its shared schema before anything is
 * sent; `handleSubmit(submit)` sends it. `send` posts the checked values; its answer is toasted,
 * then `onSent`. A refusal is said in a toast and under `refusalField`.
 */
export function useInvestRequestForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  refusalField: Path<z.input<Schema>>,
  send: (values: z.output<Schema>) => Promise<{ message: string }>,
  onSent: () => void,
) {
  const form = useSchemaForm(schema, defaultValues);

  async function submit(values: z.output<Schema>) {
    try {
      toast.success((await send(values)).message);
      onSent();
    } catch (failure) {
      const message = errorMessage(failure, INVEST_MESSAGES.paymentError);
      form.setError(refusalField, { message });
      toast.error(message);
    }
  }

  return { ...form, submit };
}
