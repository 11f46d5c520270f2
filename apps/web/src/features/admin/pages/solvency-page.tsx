import type { ReactNode } from 'react';
import { CheckCircle2, AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, StatCard } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { useSolvencyQuery } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { QueryState } from '../components/query-state';
import { SurplusAmount, surplusStanding } from '../components/surplus';
import { localeDateFormat } from '../../../i18n/format';

const when = localeDateFormat({ dateStyle: 'medium', timeStyle: 'medium' });

function Line({ label, value, hint, strong }: { label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className={strong ? 'font-semibold' : 'text-slate-600 dark:text-slate-300'}>
        {label}
        {hint && <span className="block text-xs font-normal text-slate-500">{hint}</span>}
      </dt>
      <dd className={strong ? 'font-bold' : 'font-medium'}>
        <Money value={value} />
      </dd>
    </div>
  );
}

/** One side of the ledger: its title over its lines. */
function Ledger({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">{children}</dl>
    </Card>
  );
}

/** Staff: what users are owed against what the platform has received and paid, from the ledger. */
export function SolvencyPage() {
  const { t } = useTranslation('staff');
  const query = useSolvencyQuery();
  const { refetch, isFetching } = query;
  return (
    <AdminPage
      messages="solvencyPage"
      actions={
        <Button variant="outline" size="sm" onClick={() => refetch()} loading={isFetching}>
          {t('solvencyPage.refresh')}
        </Button>
      }
    >
      <QueryState query={query} loading={t('solvencyPage.loading')} failed={t('solvencyPage.failed')}>
        {(data) => (
          <div className="space-y-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label={t('solvencyPage.owed')} value={<Money value={data.owed.total} />} hint={t('solvencyPage.owedHint')} />
              <StatCard label={t('solvencyPage.held')} value={<Money value={data.flows.net} />} hint={t('solvencyPage.heldHint')} />
              <StatCard
                label={t(surplusStanding(data.surplus).labelKey)}
                value={<SurplusAmount surplus={data.surplus} />}
              />
              <StatCard label={t('staffHome.activeInvestments')} value={data.activeInvestments} />
            </div>
            {data.ledger &&
              (data.ledger.ok ? (
                <Alert tone="success" title={t('solvencyPage.verified')}>
                  <span className="inline-flex items-center gap-1">
                    <CheckCircle2 className="size-4" aria-hidden />{' '}
                    {t('solvencyPage.verifiedDetail', {
                      journals: data.ledger.journals,
                      postings: data.ledger.postings,
                      accounts: data.ledger.accounts,
                      when: when.format(new Date(data.ledger.checkedAt)),
                    })}
                  </span>
                </Alert>
              ) : (
                <Alert tone="danger" title={t('solvencyPage.problems')}>
                  <ul className="list-inside list-disc">
                    {data.ledger.problems.map((problem, index) => (
                      <li key={index}>
                        <AlertTriangle className="mr-1 inline size-4" aria-hidden />
                        {problem.check}: {problem.detail}
                      </li>
                    ))}
                  </ul>
                </Alert>
              ))}
            <div className="grid gap-6 lg:grid-cols-2">
              <Ledger title={t('solvencyPage.owedTitle')}>
                <Line label={t('solvencyPage.available')} value={data.owed.available} hint={t('solvencyPage.availableHint')} />
                <Line label={t('solvencyPage.onHold')} value={data.owed.held} hint={t('solvencyPage.onHoldHint')} />
                <Line label={t('solvencyPage.principal')} value={data.owed.investedPrincipal} />
                <Line label={t('solvencyPage.profitDue')} value={data.owed.profitDueAtMaturity} hint={t('solvencyPage.profitDueHint')} />
                <Line label={t('solvencyPage.totalOwed')} value={data.owed.total} strong />
              </Ledger>
              <Ledger title={t('solvencyPage.flowsTitle')}>
                <Line label={t('solvencyPage.received')} value={data.flows.received} />
                <Line label={t('solvencyPage.paidOut')} value={data.flows.paidOut} />
                <Line label={t('solvencyPage.held')} value={data.flows.net} strong />
                <Line label={t('solvencyPage.feeIncome')} value={data.flows.feeIncome} hint={t('solvencyPage.feeIncomeHint')} />
                <Line label={t('solvencyPage.profitPaid')} value={data.flows.profitPaid} hint={t('solvencyPage.profitPaidHint')} />
                <Line label={t('solvencyPage.adjustments')} value={data.flows.adjustments} hint={t('solvencyPage.adjustmentsHint')} />
              </Ledger>
            </div>
            {data.onchain && (
              <Card>
                <h2 className="text-lg font-semibold">{t('solvencyPage.onchainTitle')}</h2>
                <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
                  {t('solvencyPage.onchainIntro', {
                    count: data.onchain.addresses,
                    network: data.onchain.network,
                    when: when.format(new Date(data.onchain.checkedAt)),
                  })}
                </p>
                {data.onchain.message ? (
                  <Alert tone="warning">{data.onchain.message}</Alert>
                ) : (
                  <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
                    {data.onchain.assets.map((asset) => (
                      <div key={asset.asset} className="flex items-baseline justify-between gap-4 py-2">
                        <dt className="text-slate-600 dark:text-slate-300">{asset.asset}</dt>
                        <dd className="font-medium tabular-nums">
                          {asset.amount} {asset.asset}
                          {asset.usdValue && (
                            <span className="ml-2 text-slate-500">
                              (<Money value={asset.usdValue} />)
                            </span>
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </Card>
            )}
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
