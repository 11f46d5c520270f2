import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Money } from '../../../components/ui/money';
import { QueueItem, ReviewLink, StaffQueue } from '../../../components/ui/staff-queue';
import { useStaffTime } from '../../../components/ui/staff-time';
import { formatDateTime } from '../../../i18n/format';
import { usePendingWithdrawalsInfiniteQuery } from '../api/money-api';

export function AdminWithdrawalsPage() {
  const { t } = useTranslation('staff');
  const { waiting } = useStaffTime();
  const queue = usePendingWithdrawalsInfiniteQuery(undefined, { pollingInterval: 30_000 });
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const overdue = items.filter((item) => item.overdue).length;
  return (
    <StaffQueue
      messages="adminWithdrawalsPage"
      query={queue}
      items={items}
      notice={overdue > 0 && <Alert tone="warning" className="mb-4" title={t('adminWithdrawalsPage.overdueCount', { count: overdue })} />}
      renderItem={(item) => (
        <QueueItem
          headline={
            <>
              <Money value={item.amount} />
              <span className="text-sm font-normal text-slate-500">{item.asset}</span>
              {item.overdue ? (
                <Badge tone="danger">
                  <AlertTriangle className="mr-1 size-3" aria-hidden /> {t('adminWithdrawalsPage.overdue', { age: waiting({ hours: item.ageHours }) })}
                </Badge>
              ) : (
                <Badge tone="neutral">{t('adminWithdrawalsPage.waiting', { age: waiting({ hours: item.ageHours }) })}</Badge>
              )}
            </>
          }
          person={item.user}
          facts={[
            <span key="address" className="block truncate font-mono" title={item.walletAddress}>
              {item.walletAddress}
            </span>,
            t('adminWithdrawalsPage.requested', { when: formatDateTime(item.requestDate) }),
          ]}
          actions={<ReviewLink to={`/withdrawal/${encodeURIComponent(item._id)}`} />}
        />
      )}
    />
  );
}
