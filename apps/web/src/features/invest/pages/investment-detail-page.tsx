import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowUpCircle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { AlertWithLink } from '../../../components/ui/alert-with-link';
import { StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader, StatCard } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDepositMaturityMutation, useInvestmentQuery, usePlansQuery } from '../api/invest-api';
import { formatDateTime, formatDuration, formatPercent } from '../../../i18n/format';
import { InvestmentProgress } from '../components/investment-progress';
import { UpgradeDialog } from '../components/upgrade-dialog';
import { useNow } from '../components/use-now';

export function InvestmentDetailPage() {
  const { t } = useTranslation('app');
  const { investmentId = '' } = useParams();
  const { data: investment, isLoading, isError, refetch } = useInvestmentQuery(investmentId);
  const { data: plans = [] } = usePlansQuery();
  const [depositMaturity] = useDepositMaturityMutation();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const now = useNow();
  const settledFor = useRef<string | null>(null);
  useDocumentTitle(investment ? t('investmentDetailPage.title', { plan: investment.plan }) : t('investmentDetailPage.fallbackTitle'), t('investmentDetailPage.metaDescription'));

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

  if (isLoading) return <Spinner label={t('investmentDetailPage.loading')} />;
  if (isError || !investment) {
    return (
      <AlertWithLink tone="danger" title={t('investmentDetailPage.notFound.title')} to="/invest-status" linkText={t('investmentDetailPage.notFound.action')}>
        {t('investmentDetailPage.notFound.body')}
      </AlertWithLink>
    );
  }

  const canUpgrade = investment.status === 'Active' && !due;
  const ended = investment.status === 'Ended';
  return (
    <div>
      <PageHeader
        title={t('investmentDetailPage.title', { plan: investment.plan })}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={investment.status} /> <span>{investment.investmentId}</span>
            {investment.kind === 'upgrade' && <span>· {t('investmentDetailPage.upgradedPlan')}</span>}
          </span>
        }
        actions={
          canUpgrade ? (
            <Button onClick={() => setUpgradeOpen(true)}>
              <ArrowUpCircle className="size-4" aria-hidden /> {t('investmentDetailPage.upgrade')}
            </Button>
          ) : undefined
        }
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('investmentDetailPage.amount')} value={<Money value={investment.amount} />} />
        <StatCard
          label={ended ? t('investmentDetailPage.profitPaid') : t('investmentDetailPage.expectedProfit')}
          value={<Money value={investment.maturityAmount} />}
          hint={t('investmentDetailPage.rateFor', { rate: formatPercent(investment.roiPercent), term: formatDuration(investment.durationSeconds) })}
        />
        <StatCard
          label={ended ? t('investmentDetailPage.paid') : t('investmentDetailPage.expectedPayout')}
          value={<Money value={investment.expectedPayout} />}
          hint={t('investmentDetailPage.principalPlusProfit')}
        />
        <StatCard label={t('investmentDetailPage.term')} value={formatDuration(investment.durationSeconds)} />
      </div>

      <Card className="mt-6 space-y-5">
        <InvestmentProgress investment={investment} now={now} />
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('investmentDetailPage.requested')}</dt>
            <dd>{formatDateTime(investment.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{t('investmentDetailPage.started')}</dt>
            <dd>{formatDateTime(investment.startDate)}</dd>
          </div>
          <div>
            <dt className="text-slate-500 dark:text-slate-400">{ended ? t('investmentDetailPage.ended') : t('investmentDetailPage.matures')}</dt>
            <dd>{formatDateTime(investment.endedAt ?? investment.endDate)}</dd>
          </div>
        </dl>
        {investment.status === 'Pending' && (
          <Alert tone="info" title={t('investmentDetailPage.waiting.title')}>
            {investment.kind === 'upgrade' ? t('investmentDetailPage.waiting.upgrade') : t('investmentDetailPage.waiting.new')}
          </Alert>
        )}
        {investment.endReason === 'upgraded' && investment.upgradedTo && (
          <Alert tone="info" title={t('investmentDetailPage.upgraded.title')}>
            {t('investmentDetailPage.upgraded.before')}{' '}
            <Link className="font-medium underline" to={`/investment/${investment.upgradedTo}`}>
              {t('investmentDetailPage.upgraded.link')}
            </Link>
            {t('investmentDetailPage.upgraded.after')}
          </Alert>
        )}
        {canUpgrade && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('investmentDetailPage.upgradeHint')}
          </p>
        )}
      </Card>
      <div className="mt-6">
        <Link to="/invest-status" className={buttonClasses('outline')}>
          {t('investmentDetailPage.all')}
        </Link>
      </div>
      {canUpgrade && <UpgradeDialog investment={investment} plans={plans} open={upgradeOpen} onOpenChange={setUpgradeOpen} />}
    </div>
  );
}
