import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { INVEST_MESSAGES, parseAmount, type InvestmentView, type PlanView } from '@app/shared';
import { formatUsd } from '../../../i18n/format';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { errorMessage } from '../../../lib/api';
import { useUpgradeInvestmentMutation } from '../api/invest-api';
import { cents, formatDuration, formatPercent } from './format';

/**
 * Plan upgrade (FAQ "plans can be upgraded"): a higher plan and a top-up. The top-up is
 * held now; on approval the current investment ends early with profit for the time it
 * ran, and principal + that profit + top-up start the new plan's term.
 */
export function UpgradeDialog({
  investment,
  plans,
  open,
  onOpenChange,
}: {
  investment: InvestmentView;
  plans: PlanView[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const higher = plans.filter((plan) => plan.roiPercent > investment.roiPercent && plan._id !== investment.planId);
  const [planId, setPlanId] = useState('');
  const [topUp, setTopUp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [upgrade, { isLoading }] = useUpgradeInvestmentMutation();
  const plan = higher.find((item) => item._id === planId) ?? null;
  const principal = cents(investment.amount);
  const parsedTopUp = topUp.trim() === '' ? { ok: true as const, cents: 0 } : parseAmount(topUp);
  const total = parsedTopUp.ok ? principal + parsedTopUp.cents : null;
  const fits = plan && total !== null ? total >= cents(plan.minAmount) && total <= cents(plan.maxAmount) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!plan) {
      setError(INVEST_MESSAGES.selectPlan);
      return;
    }
    if (!parsedTopUp.ok) {
      setError(parsedTopUp.message);
      return;
    }
    setError(null);
    try {
      const answer = await upgrade({ id: investment._id, planId: plan._id, topUp: topUp.trim() }).unwrap();
      toast.success(answer.message);
      onOpenChange(false);
    } catch (failure) {
      const message = errorMessage(failure, INVEST_MESSAGES.paymentError);
      setError(message);
      toast.error(message);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade your plan"
      description="Move this investment to a higher plan. Your current plan ends early with profit for the time it has run; that money plus any top-up starts the new term once our team approves."
    >
      {higher.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">You are already on the highest plan.</p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="New plan" error={error === INVEST_MESSAGES.selectPlan ? error : undefined}>
            {(field) => (
              <Select {...field} value={planId} onChange={(event) => setPlanId(event.target.value)}>
                <option value="">Choose a plan</option>
                {higher.map((item) => (
                  <option key={item._id} value={item._id}>
                    {item.name}: {formatPercent(item.roiPercent)} per {formatDuration(item.durationSeconds)}, {formatUsd(cents(item.minAmount))}–
                    {formatUsd(cents(item.maxAmount))}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Top-up (USD)"
            hint="Held from your available balance until the upgrade is decided. Leave empty for none."
            error={error && error !== INVEST_MESSAGES.selectPlan ? error : undefined}
          >
            {(field) => <Input {...field} inputMode="decimal" autoComplete="off" placeholder="0" value={topUp} onChange={(event) => setTopUp(event.target.value)} />}
          </Field>
          <dl className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
            <dt className="text-slate-500 dark:text-slate-400">Current principal</dt>
            <dd className="text-right">
              <Money value={investment.amount} />
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">New principal (before profit)</dt>
            <dd className="text-right font-semibold">{total === null ? '—' : formatUsd(total)}</dd>
          </dl>
          {plan && fits === false && (
            <p role="alert" className="text-sm text-amber-700 dark:text-amber-300">
              {plan.name} accepts {formatUsd(cents(plan.minAmount))} to {formatUsd(cents(plan.maxAmount))}: adjust the top-up.
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={isLoading}>
              Request upgrade
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
