import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { Check, X } from 'lucide-react';
import { INVEST_MESSAGES, type InvestmentView } from '@app/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { QueueItem, StaffQueue } from '../../../components/ui/staff-queue';
import { minutesSince, useStaffTime } from '../../../components/ui/staff-time';
import { formatDateTime, formatLocaleNumber, formatMoney } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api';
import { useDecideInvestmentMutation, usePendingInvestmentsInfiniteQuery } from '../api/invest-api';

export function AdminPendingInvestmentPage() {
  const { t } = useTranslation('staff');
  const { waiting, duration } = useStaffTime();
  const queue = usePendingInvestmentsInfiniteQuery();
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const [decide] = useDecideInvestmentMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<InvestmentView | null>(null);
  const [notes, setNotes] = useState('');

  async function run(item: InvestmentView, action: 'approve' | 'reject', reason?: string) {
    setBusy(item._id);
    try {
      await decide({ id: item._id, action, notes: reason }).unwrap();
      toast.success(action === 'approve' ? INVEST_MESSAGES.approved : INVEST_MESSAGES.rejected);
      setRejecting(null);
      setNotes('');
    } catch (error) {
      toast.error(errorMessage(error, action === 'approve' ? INVEST_MESSAGES.approveFailed : INVEST_MESSAGES.rejectFailed));
      if (action === 'approve') toast.error(INVEST_MESSAGES.approveFailed, { toastId: 'approve-failed' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <StaffQueue
        messages="adminPendingInvestmentPage"
        query={queue}
        items={items}
        listLabel={t('adminPendingInvestmentPage.title')}
        renderItem={(item) => (
          <QueueItem
            headline={
              <>
                <span>{item.user?.name ?? t('adminPendingInvestmentPage.unknownUser')}</span>
                {item.kind === 'upgrade' ? <Badge tone="info">{t('adminPendingInvestmentPage.upgrade')}</Badge> : <Badge tone="warning">{t('adminPendingInvestmentPage.new')}</Badge>}
              </>
            }
            facts={[
              item.user && (
                <span key="email" className="block truncate text-sm" title={item.user.email}>
                  {item.user.email}
                </span>
              ),
              <span key="plan" className="text-sm text-slate-700 dark:text-slate-200">
                <span className="font-semibold">
                  <Money value={item.amount} />
                </span>{' '}
                {t('adminPendingInvestmentPage.plan', { plan: item.plan, rate: formatLocaleNumber(item.roiPercent, 2), term: duration(item.durationSeconds) })}
                {item.kind === 'upgrade' && ` · ${t('adminPendingInvestmentPage.topUp', { amount: formatMoney(item.topUp) })}`}
              </span>,
              <span key="when">
                {t('adminPendingInvestmentPage.requested', { id: item.investmentId, when: formatDateTime(item.createdAt), age: waiting({ minutes: minutesSince(item.createdAt) }) })}
                {item.user && ` · ${t('adminPendingInvestmentPage.balance', { balance: formatMoney(item.user.balance), available: formatMoney(item.user.availableBalance) })}`}
              </span>,
            ].filter(Boolean)}
            actions={
              <>
                <Button
                  onClick={() => void run(item, 'approve')}
                  loading={busy === item._id && !rejecting}
                  disabled={busy !== null}
                  aria-label={t('adminPendingInvestmentPage.approveLabel', { id: item.investmentId })}
                >
                  <Check className="size-4" aria-hidden /> {t('adminPendingInvestmentPage.approve')}
                </Button>
                <Button variant="danger" onClick={() => setRejecting(item)} disabled={busy !== null} aria-label={t('adminPendingInvestmentPage.rejectLabel', { id: item.investmentId })}>
                  <X className="size-4" aria-hidden /> {t('adminPendingInvestmentPage.reject')}
                </Button>
              </>
            }
          />
        )}
      />
      <Dialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title={t('adminPendingInvestmentPage.rejectTitle')}
        description={rejecting ? t('adminPendingInvestmentPage.rejectDescription', { name: rejecting.user?.name ?? t('adminPendingInvestmentPage.theUser') }) : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setRejecting(null)}>
              {t('adminPendingInvestmentPage.cancel')}
            </Button>
            <Button variant="danger" loading={busy !== null} onClick={() => rejecting && void run(rejecting, 'reject', notes.trim() || undefined)}>
              {t('adminPendingInvestmentPage.rejectConfirm')}
            </Button>
          </>
        }
      >
        <Field label={t('adminPendingInvestmentPage.note')}>
          {(field) => <Textarea {...field} maxLength={500} value={notes} onChange={(event) => setNotes(event.target.value)} />}
        </Field>
      </Dialog>
    </>
  );
}
