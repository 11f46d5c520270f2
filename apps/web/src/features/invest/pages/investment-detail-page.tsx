import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowUpCircle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader, StatCard } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDepositMaturityMutation, useInvestmentQuery, usePlansQuery } from '../api/invest-api';
import { formatDateTime, formatDuration, formatPercent } from '../components/format';
import { InvestmentProgress } from '../components/investment-progress';
import { UpgradeDialog } from '../components/upgrade-dialog';
import { useNow } from '../components/use-now';

export function InvestmentDetailPage() {
  const { investmentId = '' } = useParams();
  const { data: investment, isLoading, isError, refetch } = useInvestmentQuery(investmentId);
  const { data: plans = [] } = usePlansQuery();
  const [depositMaturity] = useDepositMaturityMutation();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const now = useNow();
  const settledFor = useRef<string | null>(null);
  useDocumentTitle(investment ? `${investment.plan} investment` : 'Investment', 'Progress, countdown to maturity and expected payout of an investment.');

  // When the countdown reaches zero, ask the server to mature it now rather than wait for the job.
  const due = investment?.status === 'Active' && investment.endDate !== null && Date.parse(investment.endDate) <= now;
  useEffect(() => {
    if (!due || !investment || settledFor.current === investment._id) return;
    settledFor.current = investment._id;
    void depositMaturity()
      .unwrap()
      .then(() => refetch())
      .catch(() => {});
  }, [due, investment, depositMaturity, refetch]);

  if (isLoading) return <Spinner label="Loading the investment" />;
  if (isError || !investment) {
    return (
      <Alert tone="danger" title="Investment not found." action={<Link to="/invest-status" className={buttonClasses('outline', 'sm')}>My investments</Link>}>
        It may belong to another account, or the link is incomplete.
      </Alert>
    );
  }

  const canUpgrade = investment.status === 'Active' && !due;
  const ended = investment.status === 'Ended';
  return (
    <div>
      <PageHeader
        title={`${investment.plan} investment`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={investment.status} /> <span>{investment.investmentId}</span>
            {investment.kind === 'upgrade' && <span>· upgraded plan</span>}
          </span>
        }
        actions={
          canUpgrade ? (
            <Button onClick={() => setUpgradeOpen(true)}>
              <ArrowUpCircle className="size-4" aria-hidden /> Upgrade plan
            </Button>
          ) : undefined
        }
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Amount" value={<Money value={investment.amount} />} />
        <StatCard
          label={ended ? 'Profit paid' : 'Expected profit'}
          value={<Money value={investment.maturityAmount} />}
          hint={`${formatPercent(investment.roiPercent)} for ${formatDuration(investment.durationSeconds)}`}
        />
        <StatCard label={ended ? 'Paid to wallet' : 'Expected payout'} value={<Money value={investment.expectedPayout} />} hint="Principal + profit" />
        <StatCard label="Term" value={formatDuration(investment.durationSeconds)} />
      </div>

      <Card className="mt-6 space-y-5">
        <InvestmentProgress investment={investment} now={now} />
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Requested</dt>
            <dd>{formatDateTime(investment.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">Started</dt>
            <dd>{formatDateTime(investment.startDate)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{ended ? 'Ended' : 'Matures'}</dt>
            <dd>{formatDateTime(investment.endedAt ?? investment.endDate)}</dd>
          </div>
        </dl>
        {investment.status === 'Pending' && (
          <Alert tone="info" title="Waiting for approval">
            {investment.kind === 'upgrade'
              ? 'Your current investment keeps running until the upgrade is approved. Any top-up is held from your available balance.'
              : 'The amount is held from your available balance. The term starts when our team approves it.'}
          </Alert>
        )}
        {investment.endReason === 'upgraded' && investment.upgradedTo && (
          <Alert tone="info" title="Upgraded">
            This investment ended early and its principal and profit moved into{' '}
            <Link className="font-medium underline" to={`/investment/${investment.upgradedTo}`}>
              the upgraded plan
            </Link>
            .
          </Alert>
        )}
        {canUpgrade && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Want a higher rate? Upgrade to a higher plan: this one ends early with profit for the time it has run, and principal, profit and
            any top-up start the new term once approved.
          </p>
        )}
      </Card>
      <div className="mt-6">
        <Link to="/invest-status" className={buttonClasses('outline')}>
          All investments
        </Link>
      </div>
      {canUpgrade && <UpgradeDialog investment={investment} plans={plans} open={upgradeOpen} onOpenChange={setUpgradeOpen} />}
    </div>
  );
}
