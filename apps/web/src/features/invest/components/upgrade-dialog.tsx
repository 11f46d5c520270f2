import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatCents, parseAmount, upgradeFormSchema, type InvestmentView, type PlanView } from '@app/shared';
import { formatDuration, formatPercent, formatUsd } from '../../../i18n/format';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { useInvestBalancesQuery, useUpgradeInvestmentMutation } from '../api/invest-api';
import { cents } from './amounts';
import { useInvestRequestForm } from './use-invest-request-form';

type UpgradeOutput = z.output<ReturnType<typeof upgradeFormSchema>>;

/**
 * Plan upgrade (FAQ "plans can be upgraded"): a higher plan and a top-up. The top-up is
 * held now; on approval the current investment ends early with profit for the time it
 * ran, and principal + that profit + top-up start the new plan's term. The new plan's
 * range and the available balance are checked before the request is sent.
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
  const { t } = useTranslation('app');
  const higher = useMemo(() => plans.filter((plan) => plan.roiPercent > investment.roiPercent && plan._id !== investment.planId), [plans, investment]);
  const { data: me } = useInvestBalancesQuery(undefined, { skip: !open });
  const [upgrade, { isLoading }] = useUpgradeInvestmentMutation();
  const principal = cents(investment.amount);
  const availableCents = me ? cents(me.availableBalance) : null;
  const schema = useMemo(() => upgradeFormSchema(higher, principal, availableCents), [higher, principal, availableCents]);
  const send = (values: UpgradeOutput) => upgrade({ id: investment._id, planId: values.plan._id, topUp: values.topUpCents ? formatCents(values.topUpCents) : '' }).unwrap();
  const { register, control, handleSubmit, formState: { errors, isSubmitting }, submit } = useInvestRequestForm(schema, { planId: '', topUp: '' }, 'topUp', send, () => onOpenChange(false));
  const topUp = useWatch({ control, name: 'topUp' });
  const parsedTopUp = topUp.trim() === '' ? { ok: true as const, cents: 0 } : parseAmount(topUp);
  const total = parsedTopUp.ok ? principal + parsedTopUp.cents : null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('upgradeDialog.title')}
      description={t('upgradeDialog.description')}
    >
      {higher.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('upgradeDialog.highest')}</p>
      ) : (
        <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
          <Field label={t('upgradeDialog.plan')} error={errors.planId?.message}>
            {(field) => (
              <Select {...field} {...register('planId')}>
                <option value="">{t('upgradeDialog.choose')}</option>
                {higher.map((item) => (
                  <option key={item._id} value={item._id}>
                    {t('upgradeDialog.option', {
                      plan: item.name,
                      rate: formatPercent(item.roiPercent),
                      term: formatDuration(item.durationSeconds),
                      min: formatUsd(cents(item.minAmount)),
                      max: formatUsd(cents(item.maxAmount)),
                    })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('upgradeDialog.topUp')}
            hint={
              <>
                {t('upgradeDialog.topUpHint')}
                {availableCents !== null && <> {t('upgradeDialog.available', { amount: formatUsd(availableCents) })}</>}
              </>
            }
            error={errors.topUp?.message}
          >
            {(field) => <Input {...field} {...register('topUp')} inputMode="decimal" autoComplete="off" placeholder="0" />}
          </Field>
          <dl className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
            <dt className="text-slate-500 dark:text-slate-400">{t('upgradeDialog.principal')}</dt>
            <dd className="text-right">
              <Money value={investment.amount} />
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('upgradeDialog.newPrincipal')}</dt>
            <dd className="text-right font-semibold">{total === null ? '—' : formatUsd(total)}</dd>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('upgradeDialog.cancel')}
            </Button>
            <Button type="submit" loading={isLoading || isSubmitting}>
              {t('upgradeDialog.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
