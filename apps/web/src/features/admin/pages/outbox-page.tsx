import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { RotateCw } from 'lucide-react';
import { OUTBOX_STATUSES, type OutboxItem, type OutboxStatusName } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOutboxQuery, useRetryEmailMutation } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';
import { localeDateFormat } from '../../../i18n/format';

const TONES: Record<OutboxStatusName, 'success' | 'warning' | 'danger' | 'neutral'> = {
  sent: 'success',
  pending: 'warning',
  failed: 'danger',
  stored: 'neutral',
};

const when = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

function OutboxRow({ item }: { item: OutboxItem }) {
  const [open, setOpen] = useState(false);
  const [retry, retrying] = useRetryEmailMutation();
  const canRetry = item.status === 'failed' || item.status === 'pending';
  return (
    <li className="py-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-white">{item.subject}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            To {item.to}
            {item.replyTo ? ` · reply to ${item.replyTo}` : ''} · {item.kind}
          </p>
          <p className="text-xs text-slate-500">
            Queued {when.format(new Date(item.createdAt))}
            {item.sentAt ? ` · sent ${when.format(new Date(item.sentAt))}` : ''}
            {item.attempts > 0 ? ` · ${item.attempts} attempt${item.attempts === 1 ? '' : 's'}` : ''}
          </p>
          {item.lastError && <p className="mt-1 text-xs text-red-700 dark:text-red-400">Last error: {item.lastError}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge tone={TONES[item.status]}>{item.status}</Badge>
          {item.text !== null && (
            <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
              {open ? 'Hide' : 'View'}
            </Button>
          )}
          {canRetry && (
            <Button
              size="sm"
              variant="outline"
              loading={retrying.isLoading}
              onClick={async () => {
                try {
                  toast.success((await retry(item.id).unwrap()).message);
                } catch (error) {
                  toast.error(errorMessage(error, 'Something went wrong.'));
                }
              }}
            >
              <RotateCw className="size-4" aria-hidden /> Retry
            </Button>
          )}
        </div>
      </div>
      {open && item.text !== null && (
        <pre className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">{item.text}</pre>
      )}
      {item.text === null && <p className="mt-1 text-xs text-slate-500">Content hidden: this email carries a sign-in code or a private link.</p>}
    </li>
  );
}

/** Staff: every email the platform sent or will send, with retry for failures. */
export function OutboxPage() {
  useDocumentTitle('Email outbox', 'Emails sent, waiting and failed.');
  const [status, setStatus] = useState<OutboxStatusName | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, refetch } = useOutboxQuery({ status, page });
  const tabs: Array<{ value: OutboxStatusName | undefined; label: string }> = [
    { value: undefined, label: 'All' },
    ...OUTBOX_STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) })),
  ];

  return (
    <>
      <PageHeader title="Email outbox" description="Every email goes through here: sent, waiting for delivery, failed after retries, or kept when no mail server is set." />
      <AdminNav />
      {data && !data.delivering && (
        <Alert tone="info" className="mb-4" title="No mail server configured">
          Emails are kept here (status “stored”) instead of being sent. Set SMTP_URL to deliver them.
        </Alert>
      )}
      <div role="tablist" aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const count = tab.value ? data?.counts[tab.value] : data ? OUTBOX_STATUSES.reduce((sum, key) => sum + data.counts[key], 0) : undefined;
          const active = status === tab.value;
          return (
            <button
              key={tab.label}
              type="button"
              role="tab"
              aria-selected={active}
              onClick={() => {
                setStatus(tab.value);
                setPage(1);
              }}
              className={cn(
                'rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset',
                active ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700',
              )}
            >
              {tab.label}
              {count !== undefined && <span className="ml-1.5 tabular-nums opacity-80">{count}</span>}
            </button>
          );
        })}
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {isLoading ? (
          <Spinner label="Loading emails" />
        ) : isError ? (
          <div className="p-4">
            <Alert tone="danger" title="Could not load the outbox" action={<Button size="sm" variant="outline" onClick={() => refetch()}>Try again</Button>}>
              {errorMessage(error, 'Something went wrong.')}
            </Alert>
          </div>
        ) : !data || data.items.length === 0 ? (
          <div className="p-4">
            <EmptyState title="No emails here" />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 px-5 dark:divide-slate-800">
            {data.items.map((item) => (
              <OutboxRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </div>
      {data && data.pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between">
          <Button variant="outline" size="sm" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {data.page} of {data.pages}
          </span>
          <Button variant="outline" size="sm" disabled={data.page >= data.pages} onClick={() => setPage(data.page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
