import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { QueueItem, ReviewLink, StaffQueue } from '../../../components/ui/staff-queue';
import { formatDateTime } from '../../../i18n/format';
import { usePendingDepositsInfiniteQuery } from '../api/money-api';
import { ChainEvidenceNote } from '../components/chain-evidence';

export function AdminDepositsPage() {
  const { t } = useTranslation('staff');
  const queue = usePendingDepositsInfiniteQuery(undefined, { pollingInterval: 30_000 });
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <StaffQueue
      messages="adminDepositsPage"
      query={queue}
      items={items}
      renderItem={(payment) => {
        const onChain = payment.source === 'chain';
        return (
          <QueueItem
            headline={
              <>
                {onChain && payment.amount === '0.00' ? <span>{t('adminDepositsPage.toPrice')}</span> : <Money value={payment.amount} />}
                {payment.asset && <span className="text-sm font-normal text-slate-500">{t('adminDepositsPage.via', { asset: payment.asset })}</span>}
                <Badge tone={onChain ? 'info' : 'neutral'}>{onChain ? t('adminDepositsPage.detected') : t('adminDepositsPage.reported')}</Badge>
              </>
            }
            person={payment.user}
            facts={[
              onChain
                ? t('adminDepositsPage.seenAt', { id: payment.transactionId, when: formatDateTime(payment.createdAt) })
                : t('adminDepositsPage.reportedAt', { id: payment.transactionId, when: formatDateTime(payment.createdAt) }),
              (payment.chain || payment.txHash) && (
                <span className="text-slate-700 dark:text-slate-300">
                  <ChainEvidenceNote evidence={payment.chain} />
                </span>
              ),
            ].filter(Boolean)}
            actions={<ReviewLink to={`/transaction/${encodeURIComponent(payment.transactionId)}`} />}
          />
        );
      }}
    />
  );
}
