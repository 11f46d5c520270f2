import type { OnchainDepositView } from '@app/shared';
import { ExternalLink } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from './amount';

const TONE: Record<OnchainDepositView['status'], 'warning' | 'success' | 'info' | 'danger' | 'neutral'> = {
  Confirming: 'warning',
  Credited: 'success',
  'Awaiting review': 'info',
  Rejected: 'danger',
  Dropped: 'neutral',
};

const EXPLAIN: Partial<Record<OnchainDepositView['status'], string>> = {
  'Awaiting review': 'Confirmed on chain: our team confirms its US dollar value, then it is credited.',
  Dropped: 'Its block was replaced on the network (a reorganisation), so it was not credited. If your wallet sends it again, it appears here again.',
};

function shortHash(hash: string) {
  return `${hash.slice(0, 10)}…${hash.slice(-8)}`;
}

/** Transfers seen arriving at the user's own address: confirmations, then the credit. */
export function OnchainDeposits({ deposits }: { deposits: OnchainDepositView[] }) {
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Incoming deposits</h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Incoming deposits">
        {deposits.map((deposit) => {
          const progress = Math.min(100, Math.round((deposit.confirmations / deposit.confirmationsRequired) * 100));
          return (
            <li key={deposit._id} className="space-y-2 py-4 last:pb-0" data-testid="onchain-deposit">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
                  {deposit.amount} {deposit.asset}
                  {deposit.usdAmount && deposit.status === 'Credited' && <span className="ml-2 text-sm font-normal text-slate-500">credited ${deposit.usdAmount}</span>}
                </p>
                <Badge tone={TONE[deposit.status]}>{deposit.status}</Badge>
              </div>
              {deposit.status === 'Confirming' && (
                <div>
                  <div
                    className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                    role="progressbar"
                    aria-label="Confirmations"
                    aria-valuemin={0}
                    aria-valuemax={deposit.confirmationsRequired}
                    aria-valuenow={deposit.confirmations}
                  >
                    <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                    {deposit.confirmations} of {deposit.confirmationsRequired} confirmations
                  </p>
                </div>
              )}
              {EXPLAIN[deposit.status] && <p className="text-xs text-slate-600 dark:text-slate-300">{EXPLAIN[deposit.status]}</p>}
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                <span>{formatDateTime(deposit.seenAt)}</span>
                <span>{deposit.network}</span>
                {deposit.transactionId && <span>{deposit.transactionId}</span>}
                {deposit.explorerUrl ? (
                  <a href={deposit.explorerUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-mono text-brand-700 underline dark:text-brand-300">
                    {shortHash(deposit.txHash)}
                    <ExternalLink className="size-3" aria-hidden />
                    <span className="sr-only">(opens the block explorer)</span>
                  </a>
                ) : (
                  <span className="font-mono" title={deposit.txHash}>
                    {shortHash(deposit.txHash)}
                  </span>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
