import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { KYC_MESSAGES, KYC_REASON_MAX_LENGTH } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/input';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { countryName } from '../../../lib/countries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecideKycMutation, usePendingKycInfiniteQuery, type PendingKycCase } from '../api/kyc-api';
import { DocumentViewer } from '../components/document-viewer';
import { localeDateFormat } from '../../../i18n/format';

const dateTime = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = localeDateFormat({ dateStyle: 'medium' });

function waitingFor(submittedAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(submittedAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** The case after `id` in queue order (oldest first), else the first other one. */
export function nextCaseId(queue: PendingKycCase[], id: string): string | null {
  const index = queue.findIndex((item) => item._id === id);
  const after = queue.slice(index + 1).find((item) => item._id !== id);
  return after?._id ?? queue.find((item) => item._id !== id)?._id ?? null;
}

export function PendingKycPage() {
  useDocumentTitle('Pending KYC', 'Review identity documents waiting for a decision.');
  const pages = usePendingKycInfiniteQuery();
  const { isLoading, isError, refetch, isFetching } = pages;
  const queue = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const [params, setParams] = useSearchParams();
  const requested = params.get('case');
  const current = queue.find((item) => item._id === requested) ?? queue[0] ?? null;

  function select(id: string | null) {
    setParams(id ? { case: id } : {}, { replace: true });
  }

  return (
    <div>
      <PageHeader
        title="Pending KYC"
        description="Oldest submissions first. Check both sides against the registration details, then approve or reject."
        actions={
          <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching && !isLoading}>
            Refresh
          </Button>
        }
      />
      {isLoading ? (
        <Spinner label="Loading the KYC queue" />
      ) : isError ? (
        <Alert tone="danger" title="Failed to fetch pending KYC submissions.">
          Please try again.
        </Alert>
      ) : queue.length === 0 ? (
        <EmptyState title="No KYC submissions are waiting">New uploads appear here, oldest first.</EmptyState>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label="KYC queue" className="min-w-0">
            <p className="mb-2 text-sm font-medium text-slate-600 dark:text-slate-300">
              {pages.hasNextPage ? `${queue.length} shown, more waiting` : `${queue.length} waiting`}
            </p>
            <ol className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
              {queue.map((item) => {
                const active = item._id === current?._id;
                return (
                  <li key={item._id} className="min-w-56 lg:min-w-0">
                    <button
                      type="button"
                      onClick={() => select(item._id)}
                      aria-current={active ? 'true' : undefined}
                      className={cn(
                        'w-full rounded-xl border px-3 py-2.5 text-left text-sm transition-colors',
                        active
                          ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600 dark:bg-brand-950'
                          : 'border-slate-200 bg-white hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900',
                      )}
                    >
                      <span className="block truncate font-semibold text-slate-900 dark:text-white" title={item.name}>
                        {item.name}
                      </span>
                      <span className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
                        <Clock className="size-3.5" aria-hidden />
                        <time dateTime={item.submittedAt}>{dateTime.format(new Date(item.submittedAt))}</time>
                        <span aria-hidden>·</span>
                        <span>{waitingFor(item.submittedAt)}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <LoadMore hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => void pages.fetchNextPage()} />
          </nav>
          {current && <ReviewPanel key={current.submissionId} item={current} onDecided={() => select(nextCaseId(queue, current._id))} />}
        </div>
      )}
    </div>
  );
}

function ReviewPanel({ item, onDecided }: { item: PendingKycCase; onDecided: () => void }) {
  const [decide, { isLoading }] = useDecideKycMutation();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);

  async function submit(action: 'approve' | 'reject') {
    setFailure(null);
    setPending(action);
    try {
      await decide({ id: item._id, action, submissionId: item.submissionId, reason: action === 'reject' ? reason.trim() : undefined }).unwrap();
      toast.success(action === 'approve' ? `KYC approved for ${item.name}` : `KYC rejected for ${item.name}`);
      setRejectOpen(false);
      onDecided();
    } catch (error) {
      toast.error(KYC_MESSAGES.reviewFailed);
      setFailure(errorMessage(error, KYC_MESSAGES.reviewFailed));
    } finally {
      setPending(null);
    }
  }

  const details: [string, React.ReactNode][] = [
    ['Email', item.email],
    ['Phone', item.phone || '—'],
    ['Country', countryName(item.country) || '—'],
    ['Registered', dateOnly.format(new Date(item.createdAt))],
    ['Submitted', dateTime.format(new Date(item.submittedAt))],
    ['Email verified', item.isVerified ? 'Yes' : 'No'],
    ['Role', item.role],
    ['Earlier rejections', String(item.previousRejections)],
  ];

  return (
    <section aria-labelledby="kyc-case-title" className="min-w-0">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id="kyc-case-title" className="truncate text-xl font-bold text-slate-900 dark:text-white" title={item.name}>
              {item.name}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <Badge tone="warning">Pending</Badge>
              {item.previousRejections > 0 && <Badge tone="danger">Re-submission</Badge>}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="danger" onClick={() => setRejectOpen(true)} disabled={isLoading}>
              <XCircle className="size-4" aria-hidden />
              Reject
            </Button>
            <Button onClick={() => void submit('approve')} loading={pending === 'approve'} disabled={isLoading}>
              <CheckCircle2 className="size-4" aria-hidden />
              Approve
            </Button>
          </div>
        </div>

        {failure && (
          <Alert tone="danger" title={KYC_MESSAGES.reviewFailed} className="mt-4">
            {failure !== KYC_MESSAGES.reviewFailed ? failure : null}
          </Alert>
        )}

        <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-4">
          {details.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="mt-0.5 truncate text-slate-900 dark:text-slate-100" title={typeof value === 'string' ? value : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>

        {item.previousRejections > 0 && (
          <p className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <span className="font-medium">Last rejection:</span> {item.lastRejectionReason || 'no reason given'}
          </p>
        )}

        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <DocumentViewer url={item.kyc.frontDoc} type={item.kyc.frontType} label="Front" fileName={item.kyc.frontName} />
          <DocumentViewer url={item.kyc.backDoc} type={item.kyc.backType} label="Back" fileName={item.kyc.backName} />
        </div>
      </Card>

      <Dialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title={`Reject KYC for ${item.name}?`}
        description="The user is emailed and sees the reason on their dashboard, with a link to upload again."
        footer={
          <>
            <Button variant="outline" onClick={() => setRejectOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void submit('reject')} loading={pending === 'reject'}>
              Reject
            </Button>
          </>
        }
      >
        <Field label="Reason (optional, shown to the user)" hint={`${reason.length}/${KYC_REASON_MAX_LENGTH}`}>
          {(props) => (
            <Textarea
              {...props}
              value={reason}
              maxLength={KYC_REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
              placeholder="e.g. The back photo is blurred; please retake it in good light."
            />
          )}
        </Field>
      </Dialog>
    </section>
  );
}
