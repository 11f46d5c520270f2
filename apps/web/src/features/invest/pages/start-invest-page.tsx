import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { formatCents, INVEST_MESSAGES, startInvestFormSchema, TIMERS_MS } from '@app/shared';
import { formatDuration, formatMoney, formatPercent, formatUsd } from '../../../i18n/format';
import { useTranslateMessage } from '../../../i18n/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInvestBalancesQuery, usePlansQuery, useStartInvestMutation } from '../api/invest-api';
import { cents, profitFor } from '../components/amounts';
import { PlanPicker } from '../components/plan-picker';
import { useInvestRequestForm } from '../components/use-invest-request-form';

type StartInvestOutput = z.output<ReturnType<typeof startInvestFormSchema>>;

export function StartInvestPage() {
  const { t } = useTranslation('app');
  const translate = useTranslateMessage();
  useDocumentTitle(t('startInvestPage.title'), t('startInvestPage.metaDescription'));
  const { data: plans = [], isLoading, isError } = usePlansQuery();
  const { data: me } = useInvestBalancesQuery();
  const signedIn = useCurrentUser();
  const account = me ?? signedIn;
  const [startInvest, { isLoading: submitting }] = useStartInvestMutation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);

  // The amount is checked against the plan's range and the available balance before anything is sent.
  const availableCents = me ? cents(me.availableBalance) : null;
  const schema = useMemo(() => startInvestFormSchema(plans, availableCents), [plans, availableCents]);
  const send = (values: StartInvestOutput) => startInvest({ amount: formatCents(values.amountCents), planId: values.plan._id, planName: values.plan.name }).unwrap();
  const { register, handleSubmit, control, setValue, getValues, formState: { errors, isSubmitting }, submit } = useInvestRequestForm(schema, { planId: '', amount: '' }, 'amount', send, () => setDone(true));
  const planId = useWatch({ control, name: 'planId' });
  const amount = useWatch({ control, name: 'amount' });

  // /start-invest?plan=Premium (a plan card's Get Started) preselects a plan until the user picks one.
  const wanted = params.get('plan')?.toLowerCase();
  useEffect(() => {
    if (getValues('planId') || !wanted) return;
    const match = plans.find((item) => item._id === wanted || item.name.toLowerCase() === wanted);
    if (match) setValue('planId', match._id);
  }, [plans, wanted, getValues, setValue]);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/invest-status'), TIMERS_MS.redirectAfterInvestment);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const plan = plans.find((item) => item._id === planId) ?? null;
  const preview = plan ? profitFor(amount, plan.roiPercent) : null;
  // The minimum investment is the lowest minimum of the open plans (the server holds each amount to its plan's range).
  const lowestMinCents = plans.length ? Math.min(...plans.map((item) => cents(item.minAmount))) : 0;
  const minCents = plan ? cents(plan.minAmount) : lowestMinCents;

  return (
    <div>
      <PageHeader
        title={t('startInvestPage.title')}
        description={t('startInvestPage.description')}
      />
      {account && !account.isVerified ? (
        <Alert tone="warning" title={t('startInvestPage.verifyEmail.title')} className="mb-6">
          {t('startInvestPage.verifyEmail.body')}
        </Alert>
      ) : account && account.kycStatus !== 'Approved' ? (
        <Alert
          tone="warning"
          title={account.kycStatus === 'Pending' ? t('startInvestPage.kyc.pending') : t('startInvestPage.kyc.missing')}
          className="mb-6"
          action={
            account.kycStatus === 'Pending' ? undefined : (
              <Link to="/upload-kyc" className={buttonClasses('outline', 'sm')}>
                {t('startInvestPage.kyc.upload')}
              </Link>
            )
          }
        >
          {t('startInvestPage.kyc.body')}
        </Alert>
      ) : null}
      {isLoading ? (
        <Spinner label={t('startInvestPage.loading')} />
      ) : isError ? (
        <Alert tone="danger" title={translate(INVEST_MESSAGES.plansFailed)}>
          {t('startInvestPage.refresh')}
        </Alert>
      ) : (
        <form
          onSubmit={handleSubmit(submit, (invalid) => {
            // SPEC §8: a missing plan is also said in a toast.
            if (invalid.planId?.message) toast.error(invalid.planId.message);
          })}
          noValidate
          className="space-y-6"
        >
          <fieldset>
            <legend className="mb-3 text-sm font-semibold text-slate-800 dark:text-slate-100">{t('startInvestPage.step1')}</legend>
            <Controller
              control={control}
              name="planId"
              render={({ field }) => (
                <PlanPicker
                  plans={plans}
                  value={field.value || null}
                  onChange={field.onChange}
                  invalid={Boolean(errors.planId)}
                  describedBy={errors.planId ? 'plan-error' : undefined}
                />
              )}
            />
            {errors.planId && (
              <p id="plan-error" role="alert" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
                {translate(errors.planId.message ?? '')}
              </p>
            )}
          </fieldset>

          <Card className="space-y-5">
            <p className="text-sm font-semibold text-slate-800 dark:text-slate-100">{t('startInvestPage.step2')}</p>
            <div className="grid gap-5 md:grid-cols-2">
              <Field
                label={t('startInvestPage.amount')}
                error={errors.amount?.message}
                hint={
                  plan ? (
                    t('startInvestPage.range', { plan: plan.name, min: formatMoney(plan.minAmount), max: formatMoney(plan.maxAmount) })
                  ) : lowestMinCents ? (
                    t('startInvestPage.chooseWithMinimum', { amount: formatUsd(lowestMinCents) })
                  ) : (
                    t('startInvestPage.choose')
                  )
                }
              >
                {(field) => (
                  <Input {...field} {...register('amount')} inputMode="decimal" autoComplete="off" placeholder={formatCents(minCents).replace(/\.00$/, '')} />
                )}
              </Field>
              <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
                <dt className="text-slate-500 dark:text-slate-400">{t('startInvestPage.available')}</dt>
                <dd className="text-right font-semibold">{me ? <Money value={me.availableBalance} /> : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t('startInvestPage.term')}</dt>
                <dd className="text-right">{plan ? formatDuration(plan.durationSeconds) : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t('startInvestPage.rate')}</dt>
                <dd className="text-right">{plan ? t('startInvestPage.rateValue', { rate: formatPercent(plan.roiPercent), annual: formatPercent(plan.annualRatePercent) }) : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t('startInvestPage.profit')}</dt>
                <dd className="text-right font-semibold text-emerald-700 dark:text-emerald-300">{preview ? formatUsd(preview.profitCents) : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t('startInvestPage.payout')}</dt>
                <dd className="text-right font-semibold">{preview ? formatUsd(preview.amountCents + preview.profitCents) : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">{t('startInvestPage.fees')}</dt>
                <dd className="text-right">{t('startInvestPage.noFees')}</dd>
              </dl>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('startInvestPage.risk')}
              </p>
              <div className="flex gap-2">
                <Link to="/invest-status" className={buttonClasses('outline')}>
                  {t('startInvestPage.mine')}
                </Link>
                <Button type="submit" loading={submitting || isSubmitting} disabled={done}>
                  {t('startInvestPage.submit')}
                </Button>
              </div>
            </div>
          </Card>
        </form>
      )}
    </div>
  );
}
