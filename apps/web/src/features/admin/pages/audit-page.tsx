import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditItem } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Field, Input, Select } from '../../../components/ui/input';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAuditQuery, type AuditArgs } from '../api/admin-api';
import { AdminNav } from '../components/admin-nav';
import { localeDateFormat } from '../../../i18n/format';

const when = localeDateFormat({ dateStyle: 'medium', timeStyle: 'medium' });

function compact(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function AuditEntry({ item }: { item: AuditItem }) {
  return (
    <li className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_1fr]">
      <time dateTime={item.at} className="text-xs text-slate-500 sm:pt-0.5">
        {when.format(new Date(item.at))}
      </time>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone="info">{item.action}</Badge>
          <span className="text-slate-700 dark:text-slate-200">
            by <strong>{item.actorName ?? item.actorId ?? 'system'}</strong>
            {item.impersonatorId && <> (while impersonated by {item.impersonatorName ?? item.impersonatorId})</>}
          </span>
          {item.targetType && (
            <span className="text-slate-500">
              on {item.targetType} {item.targetName ? <strong className="font-medium text-slate-700 dark:text-slate-200">{item.targetName}</strong> : <code className="text-xs">{item.targetId}</code>}
            </span>
          )}
        </p>
        {(item.before !== null || item.after !== null) && (
          <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">
            {item.before !== null && <span>{compact(item.before)}</span>}
            {item.before !== null && item.after !== null && <span aria-label="changed to"> → </span>}
            {item.after !== null && <span>{compact(item.after)}</span>}
          </p>
        )}
        {item.reason && <p className="text-xs text-slate-600 dark:text-slate-400">Reason: {item.reason}</p>}
        {item.ip && <p className="text-xs text-slate-400">IP {item.ip}</p>}
      </div>
    </li>
  );
}

/** Staff: the append-only audit log, read-only, with filters. */
export function AuditPage() {
  useDocumentTitle('Audit log', 'Every staff action, who did it and when.');
  const [params] = useSearchParams();
  // Links (a user card's audit trail) open the log already filtered.
  const [initial] = useState<AuditArgs>(() => ({
    action: params.get('action') ?? undefined,
    actorId: params.get('actorId') ?? undefined,
    targetId: params.get('targetId') ?? undefined,
  }));
  const [draft, setDraft] = useState<AuditArgs>(initial);
  const [filters, setFilters] = useState<AuditArgs>(initial);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, refetch } = useAuditQuery({ ...filters, page });

  return (
    <>
      <PageHeader title="Audit log" description="Append-only: entries cannot be edited or deleted by anyone." />
      <AdminNav />
      <Card className="mb-4 p-4">
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(draft);
            setPage(1);
          }}
        >
          <Field label="Action">
            {(field) => (
              <Select {...field} value={draft.action ?? ''} onChange={(event) => setDraft({ ...draft, action: event.target.value || undefined })}>
                <option value="">All actions</option>
                {data?.actions.map((action) => (
                  <option key={action} value={action}>
                    {action}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Actor id">
            {(field) => <Input {...field} value={draft.actorId ?? ''} onChange={(event) => setDraft({ ...draft, actorId: event.target.value || undefined })} />}
          </Field>
          <Field label="Target id">
            {(field) => <Input {...field} value={draft.targetId ?? ''} onChange={(event) => setDraft({ ...draft, targetId: event.target.value || undefined })} />}
          </Field>
          <Field label="From">
            {(field) => <Input {...field} type="date" value={draft.from ?? ''} onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })} />}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" className="flex-1">
              Filter
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setDraft({});
                setFilters({});
                setPage(1);
              }}
            >
              Clear
            </Button>
          </div>
        </form>
      </Card>
      <Card className="py-2">
        {isLoading ? (
          <Spinner label="Loading the audit log" />
        ) : isError ? (
          <Alert tone="danger" title="Could not load the audit log" action={<Button size="sm" variant="outline" onClick={() => refetch()}>Try again</Button>}>
            {errorMessage(error, 'Something went wrong.')}
          </Alert>
        ) : !data || data.items.length === 0 ? (
          <EmptyState title="No entries" />
        ) : (
          <>
            <p className="pb-1 pt-2 text-xs text-slate-500">{data.total} entries</p>
            <ol className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.items.map((item) => (
                <AuditEntry key={item.id} item={item} />
              ))}
            </ol>
          </>
        )}
      </Card>
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
