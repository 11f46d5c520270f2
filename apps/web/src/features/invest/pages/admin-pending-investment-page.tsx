import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Check, X } from 'lucide-react';
import { INVEST_MESSAGES, type InvestmentView } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/input';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecideInvestmentMutation, usePendingInvestmentsInfiniteQuery } from '../api/invest-api';
import { formatDateTime, formatDuration, formatPercent } from '../components/format';

function age(createdAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

export function AdminPendingInvestmentPage() {
  useDocumentTitle('Pending investments', 'Approve or reject investment requests.');
  const queue = usePendingInvestmentsInfiniteQuery();
  const { isLoading, isError, refetch, isFetching } = queue;
  const data = queue.data?.pages.flatMap((page) => page.items) ?? [];
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
    <div>
      <PageHeader
        title="Pending investments"
        description="Oldest first. Approving starts the term and moves the held amount into the investment; rejecting releases it to the user's wallet."
        actions={
          <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching && !isLoading}>
            Refresh
          </Button>
        }
      />
      {isLoading ? (
        <Spinner label="Loading pending investments" />
      ) : isError ? (
        <Alert tone="danger" title="Failed to fetch pending investments." />
      ) : data.length === 0 ? (
        <EmptyState title="No investments are waiting">New requests appear here, oldest first.</EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Pending investments">
            {data.map((item) => (
              <li key={item._id}>
                <Card className="p-4 sm:p-5">
                  <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
                    <div className="min-w-0 space-y-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold text-slate-900 dark:text-white">{item.user?.name ?? 'Unknown user'}</span>
                        {item.kind === 'upgrade' ? <Badge tone="info">Upgrade</Badge> : <Badge tone="warning">New</Badge>}
                      </p>
                      <p className="truncate text-sm text-slate-500 dark:text-slate-400" title={item.user?.email}>
                        {item.user?.email}
                      </p>
                      <p className="text-sm text-slate-700 dark:text-slate-200">
                        <span className="font-semibold">
                          <Money value={item.amount} />
                        </span>{' '}
                        in {item.plan} ({formatPercent(item.roiPercent)} per {formatDuration(item.durationSeconds)})
                        {item.kind === 'upgrade' && (
                          <>
                            {' '}
                            · top-up <Money value={item.topUp} />, plus pro-rated profit at approval
                          </>
                        )}
                      </p>
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {item.investmentId} · requested {formatDateTime(item.createdAt)} · waiting {age(item.createdAt)}
                        {item.user && (
                          <>
                            {' '}
                            · balance <Money value={item.user.balance} /> (available <Money value={item.user.availableBalance} />)
                          </>
                        )}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button onClick={() => void run(item, 'approve')} loading={busy === item._id && !rejecting} disabled={busy !== null} aria-label={`Approve ${item.investmentId}`}>
                        <Check className="size-4" aria-hidden /> Approve
                      </Button>
                      <Button variant="danger" onClick={() => setRejecting(item)} disabled={busy !== null} aria-label={`Reject ${item.investmentId}`}>
                        <X className="size-4" aria-hidden /> Reject
                      </Button>
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore hasMore={queue.hasNextPage} loading={queue.isFetchingNextPage} onLoad={() => void queue.fetchNextPage()} />
        </>
      )}
      <Dialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title="Reject this investment?"
        description={rejecting ? `The held amount returns to ${rejecting.user?.name ?? 'the user'}'s wallet. The user is emailed with your note.` : undefined}
        footer={
          <>
            <Button variant="outline" onClick={() => setRejecting(null)}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy !== null} onClick={() => rejecting && void run(rejecting, 'reject', notes.trim() || undefined)}>
              Reject investment
            </Button>
          </>
        }
      >
        <Field label="Note to the user (optional)">
          {(field) => <Textarea {...field} maxLength={500} value={notes} onChange={(event) => setNotes(event.target.value)} />}
        </Field>
      </Dialog>
    </div>
  );
}
