import { useTranslation } from 'react-i18next';
import type { OnchainDepositView } from '@app/shared';
import { ExternalLink } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDateTime, formatMoney } from '../../../i18n/format';

const TONE: Record<OnchainDepositView['status'], 'warning' | 'success' | 'info' | 'danger' | 'neutral'> = {
  Confirming: 'warning',
  Credited: 'success',
  'Awaiting review': 'info',
  Rejected: 'danger',
  Dropped: 'neutral',
};

/** The statuses that need a word of explanation (their keys under onchainDeposits.explain). */
const EXPLAIN: Partial<Record<OnchainDepositView['status'], 'awaitingReview' | 'dropped'>> = { 'Awaiting review': 'awaitingReview', Dropped: 'dropped' };
const STATUS_KEYS: Record<OnchainDepositView['status'], string> = {
  Confirming: 'confirming',
  Credited: 'credited',
  'Awaiting review': 'awaitingReview',
  Rejected: 'rejected',
  Dropped: 'dropped',
};

function shortHash(hash: string) {
  return `${hash.slice(0, 10)}…${hash.slice(-8)}`;
}

/** Transfers seen arriving at the user's own address: confirmations, then the credit. */
export function OnchainDeposits({ deposits }: { deposits: OnchainDepositView[] }) {
  const { t } = useTranslation('app');
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('onchainDeposits.title')}</h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('onchainDeposits.title')}>
        {deposits.map((deposit) => {
          const progress = Math.min(100, Math.round((deposit.confirmations / deposit.confirmationsRequired) * 100));
          return (
            <li key={deposit._id} className="space-y-2 py-4 last:pb-0" data-testid="onchain-deposit">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold tabular-nums text-slate-900 dark:text-white">
                  {deposit.amount} {deposit.asset}
                  {deposit.usdAmount && deposit.status === 'Credited' && <span className="ml-2 text-sm font-normal text-slate-500">{t('onchainDeposits.credited', { amount: formatMoney(deposit.usdAmount) })}</span>}
                </p>
                <Badge tone={TONE[deposit.status]}>{t(`onchainDeposits.status.${STATUS_KEYS[deposit.status]}`)}</Badge>
              </div>
              {deposit.status === 'Confirming' && (
                <div>
                  <div
                    className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                    role="progressbar"
                    aria-label={t('onchainDeposits.confirmationsLabel')}
                    aria-valuemin={0}
                    aria-valuemax={deposit.confirmationsRequired}
                    aria-valuenow={deposit.confirmations}
                  >
                    <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                    {t('onchainDeposits.confirmations', { count: deposit.confirmations, required: deposit.confirmationsRequired })}
                  </p>
                </div>
              )}
              {EXPLAIN[deposit.status] && <p className="text-xs text-slate-600 dark:text-slate-300">{t(`onchainDeposits.explain.${EXPLAIN[deposit.status]}`)}</p>}
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                <span>{formatDateTime(deposit.seenAt)}</span>
                <span>{deposit.network}</span>
                {deposit.transactionId && <span>{deposit.transactionId}</span>}
                {deposit.explorerUrl ? (
                  <a href={deposit.explorerUrl} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-mono text-brand-700 underline dark:text-brand-300">
                    {shortHash(deposit.txHash)}
                    <ExternalLink className="size-3" aria-hidden />
                    <span className="sr-only">{t('onchainDeposits.opensExplorer')}</span>
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
