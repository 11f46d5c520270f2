import { CheckCircle2, AlertTriangle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader, StatCard } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSolvencyQuery } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';
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

/** Staff: what users are owed against what the platform has received and paid, from the ledger. */
export function SolvencyPage() {
  useDocumentTitle('Solvency', 'What users are owed against what the platform holds.');
  const { data, isLoading, isError, error, refetch, isFetching } = useSolvencyQuery();
  const short = data ? data.surplus.startsWith('-') : false;
  return (
    <>
      <PageHeader
        title="Solvency"
        description="Straight from the ledger: every figure is re-derived from the postings."
        actions={
          <Button variant="outline" size="sm" onClick={() => refetch()} loading={isFetching}>
            Refresh
          </Button>
        }
      />
      <AdminNav />
      {isLoading ? (
        <Spinner label="Reading the ledger" />
      ) : isError || !data ? (
        <Alert tone="danger" title="Could not read the ledger">
          {errorMessage(error, 'Something went wrong.')}
        </Alert>
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Owed to users" value={<Money value={data.owed.total} />} hint="Balances, invested principal and profit due" />
            <StatCard label="Held by the platform" value={<Money value={data.flows.net} />} hint="Received less paid out" />
            <StatCard label={short ? 'Shortfall' : 'Surplus'} value={<Money value={data.surplus} className={short ? 'text-red-700' : 'text-emerald-700'} />} />
            <StatCard label="Active investments" value={data.activeInvestments} />
          </div>
          {data.ledger &&
            (data.ledger.ok ? (
              <Alert tone="success" title="Ledger verified">
                <span className="inline-flex items-center gap-1">
                  <CheckCircle2 className="size-4" aria-hidden /> {data.ledger.journals} journals, {data.ledger.postings} postings and {data.ledger.accounts} accounts
                  check out ({when.format(new Date(data.ledger.checkedAt))}).
                </span>
              </Alert>
            ) : (
              <Alert tone="danger" title="Ledger verification found problems">
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
            <Card>
              <h2 className="mb-2 text-lg font-semibold">What users are owed</h2>
              <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
                <Line label="Wallet balances" value={data.owed.available} hint="Available to spend or withdraw" />
                <Line label="On hold" value={data.owed.held} hint="Pending withdrawals and investments" />
                <Line label="Invested principal" value={data.owed.investedPrincipal} />
                <Line label="Profit due at maturity" value={data.owed.profitDueAtMaturity} hint="Expected on active investments" />
                <Line label="Total owed" value={data.owed.total} strong />
              </dl>
            </Card>
            <Card>
              <h2 className="mb-2 text-lg font-semibold">Money in and out</h2>
              <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
                <Line label="Received (confirmed deposits)" value={data.flows.received} />
                <Line label="Paid out (withdrawals)" value={data.flows.paidOut} />
                <Line label="Held by the platform" value={data.flows.net} strong />
                <Line label="Fee income" value={data.flows.feeIncome} hint="Kept from withdrawals and fees" />
                <Line label="Profit credited" value={data.flows.profitPaid} hint="Maturity profit, profit adjustments, referral bonuses" />
                <Line label="Support adjustments" value={data.flows.adjustments} hint="Net balance adjustments credited to users" />
              </dl>
            </Card>
          </div>
          {data.onchain && (
            <Card>
              <h2 className="text-lg font-semibold">On chain at the users&apos; deposit addresses</h2>
              <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
                What the {data.onchain.addresses} own deposit addresses on {data.onchain.network} hold now, read from the chain ({when.format(new Date(data.onchain.checkedAt))}). Funds
                swept to other wallets are not counted here.
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
    </>
  );
}
