import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useAdjustMutation, type AdjustPath } from '../api/money-api';
import { amountError } from './amount';

/** Add or deduct an amount with a required reason (PRODUCT §1.2): posts a labelled journal. */
export function AdjustForm({ userId, path, failure, labels }: { userId: string; path: AdjustPath; failure: string; labels: { add: string; deduct: string } }) {
  const [adjust, { isLoading }] = useAdjustMutation();
  const [operation, setOperation] = useState<'add' | 'deduct'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = { amount: amountError(amount), reason: reason.trim() ? undefined : 'A reason is required' };
    setErrors(next);
    if (next.amount || next.reason) return;
    try {
      const answer = await adjust({ id: userId, path, operation, amount: amount.trim(), reason: reason.trim() }).unwrap();
      toast.success(answer.message);
      setAmount('');
      setReason('');
    } catch (error) {
      toast.error(errorMessage(error, failure));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Operation">
        {(props) => (
          <Select {...props} value={operation} onChange={(event) => setOperation(event.target.value as 'add' | 'deduct')}>
            <option value="add">{labels.add}</option>
            <option value="deduct">{labels.deduct}</option>
          </Select>
        )}
      </Field>
      <Field label="Amount (USD)" error={errors.amount}>
        {(props) => <Input {...props} inputMode="decimal" autoComplete="off" placeholder="0.00" value={amount} onChange={(event) => setAmount(event.target.value)} />}
      </Field>
      <Field label="Reason" error={errors.reason} hint='The user sees "Adjustment by support: <reason>" in their history' className="sm:col-span-2">
        {(props) => <Textarea {...props} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" loading={isLoading}>
          Save adjustment
        </Button>
      </div>
    </form>
  );
}
