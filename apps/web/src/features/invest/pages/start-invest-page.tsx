import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { formatCents, INVEST_MESSAGES, TIMERS_MS } from '@app/shared';
import { formatUsd } from '../../../i18n/format';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInvestBalancesQuery, usePlansQuery, useStartInvestMutation } from '../api/invest-api';
import { cents, formatDuration, formatPercent, profitFor } from '../components/format';
import { PlanPicker } from '../components/plan-picker';

export function StartInvestPage() {
  useDocumentTitle('Start investing', 'Choose a plan, see its rate and range, and request an investment.');
  const { data: plans = [], isLoading, isError } = usePlansQuery();
  const { data: me } = useInvestBalancesQuery();
  const signedIn = useCurrentUser();
  const account = me ?? signedIn;
  const [startInvest, { isLoading: submitting }] = useStartInvestMutation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [chosen, setPlanId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ plan?: string; amount?: string }>({});
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  // /start-invest?plan=Premium (a plan card's Get Started) preselects a plan until the user picks one.
  const wanted = params.get('plan')?.toLowerCase();
  const planId = chosen ?? plans.find((plan) => plan._id === wanted || plan.name.toLowerCase() === wanted)?._id ?? null;
  useEffect(() => () => clearTimeout(redirect.current), []);

  const plan = plans.find((item) => item._id === planId) ?? null;
  const preview = plan ? profitFor(amount, plan.roiPercent) : null;
  // The minimum investment is the lowest minimum of the open plans (the server holds each amount to its plan's range).
  const lowestMinCents = plans.length ? Math.min(...plans.map((item) => cents(item.minAmount))) : 0;
  const minCents = plan ? cents(plan.minAmount) : lowestMinCents;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!plan) next.plan = INVEST_MESSAGES.selectPlan;
    if (!amount.trim()) next.amount = INVEST_MESSAGES.amountRequired;
    setErrors(next);
    if (next.plan) toast.error(next.plan);
    if (next.plan || next.amount || !plan) return;
    try {
      const answer = await startInvest({ amount: amount.trim(), planId: plan._id, planName: plan.name }).unwrap();
      toast.success(answer.message);
      setDone(true);
      redirect.current = setTimeout(() => navigate('/invest-status'), TIMERS_MS.redirectAfterInvestment);
    } catch (error) {
      const message = errorMessage(error, INVEST_MESSAGES.paymentError);
      toast.error(message);
      setErrors({ amount: message });
    }
  }

  return (
    <div>
      <PageHeader
        title="Start investing"
        description="Pick a plan, enter an amount within its range, and submit. The amount is held from your available balance until our team approves the investment; the term starts on approval."
      />
      {account && !account.isVerified ? (
        <Alert tone="warning" title="Verify your email to invest" className="mb-6">
          Use the link we emailed you, or resend it from your dashboard. Investing needs a verified email and approved KYC.
        </Alert>
      ) : account && account.kycStatus !== 'Approved' ? (
        <Alert
          tone="warning"
          title={account.kycStatus === 'Pending' ? 'Your KYC documents are under review' : 'Complete KYC to invest'}
          className="mb-6"
          action={
            account.kycStatus === 'Pending' ? undefined : (
              <Link to="/upload-kyc" className={buttonClasses('outline', 'sm')}>
                Upload documents
              </Link>
            )
          }
        >
          You can invest once your identity documents are approved.
        </Alert>
      ) : null}
      {isLoading ? (
        <Spinner label="Loading plans" />
      ) : isError ? (
        <Alert tone="danger" title={INVEST_MESSAGES.plansFailed}>
          Please refresh the page to try again.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-6">
          <fieldset>
            <legend className="mb-3 text-sm font-semibold text-slate-800 dark:text-slate-100">1. Choose a plan</legend>
            <PlanPicker
              plans={plans}
              value={planId}
              onChange={(id) => {
                setPlanId(id);
                setErrors((current) => ({ ...current, plan: undefined }));
              }}
              invalid={Boolean(errors.plan)}
              describedBy={errors.plan ? 'plan-error' : undefined}
            />
            {errors.plan && (
              <p id="plan-error" role="alert" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
                {errors.plan}
              </p>
            )}
          </fieldset>

          <Card className="space-y-5">
            <p className="text-sm font-semibold text-slate-800 dark:text-slate-100">2. Enter the amount</p>
            <div className="grid gap-5 md:grid-cols-2">
              <Field
                label="Amount (USD)"
                error={errors.amount}
                hint={
                  plan ? (
                    <>
                      {plan.name} accepts <Money value={plan.minAmount} /> to <Money value={plan.maxAmount} />.
                    </>
                  ) : (
                    `Choose a plan to see its range.${lowestMinCents ? ` The minimum investment is ${formatUsd(lowestMinCents)}.` : ''}`
                  )
                }
              >
                {(field) => (
                  <Input
                    {...field}
                    name="amount"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={formatCents(minCents).replace(/\.00$/, '')}
                    value={amount}
                    onChange={(event) => {
                      setAmount(event.target.value);
                      setErrors((current) => ({ ...current, amount: undefined }));
                    }}
                  />
                )}
              </Field>
              <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
                <dt className="text-slate-500 dark:text-slate-400">Available balance</dt>
                <dd className="text-right font-semibold">{me ? <Money value={me.availableBalance} /> : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">Term</dt>
                <dd className="text-right">{plan ? formatDuration(plan.durationSeconds) : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">Rate</dt>
                <dd className="text-right">{plan ? `${formatPercent(plan.roiPercent)} per term (${formatPercent(plan.annualRatePercent)} a year)` : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">Expected profit</dt>
                <dd className="text-right font-semibold text-emerald-700 dark:text-emerald-300">{preview ? formatUsd(preview.profitCents) : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">Payout at maturity</dt>
                <dd className="text-right font-semibold">{preview ? formatUsd(preview.amountCents + preview.profitCents) : '—'}</dd>
                <dt className="text-slate-500 dark:text-slate-400">Fees</dt>
                <dd className="text-right">None</dd>
              </dl>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Investing involves risk. Profit is paid with your principal to your wallet at maturity.
              </p>
              <div className="flex gap-2">
                <Link to="/invest-status" className={buttonClasses('outline')}>
                  My investments
                </Link>
                <Button type="submit" loading={submitting} disabled={done}>
                  Invest now
                </Button>
              </div>
            </div>
          </Card>
        </form>
      )}
    </div>
  );
}
