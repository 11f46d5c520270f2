import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from '../../../lib/toast';

/** The first validation message of a form, shown as an error toast (the spec's forms do this). */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>) {
  const first = Object.values(errors).find((error) => error && typeof error.message === 'string');
  if (first?.message) toast.error(String(first.message), { toastId: `validation:${String(first.message)}` });
}
