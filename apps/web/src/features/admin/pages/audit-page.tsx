import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Emphasis } from '../../../components/ui/emphasis';
import type { AuditItem } from '@app/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Select } from '../../../components/ui/input';
import { EmptyState } from '../../../components/ui/spinner';
import { useAuditQuery, type AuditArgs } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { Pager } from '../components/pager';
import { QueryState } from '../components/query-state';
import { localeDateFormat } from '../../../i18n/format';

const when = localeDateFormat({ dateStyle: 'medium', timeStyle: 'medium' });

function compact(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const target = (name: string) => <strong className="font-medium text-slate-700 dark:text-slate-200">{name}</strong>;
const targetId = (id: string) => <code className="text-xs">{id}</code>;

function AuditEntry({ item }: { item: AuditItem }) {
  const { t } = useTranslation('staff');
  return (
    <li className="grid gap-1 py-3 text-sm sm:grid-cols-[11rem_1fr]">
      <time dateTime={item.at} className="text-xs text-slate-500 sm:pt-0.5">
        {when.format(new Date(item.at))}
      </time>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone="info">{item.action}</Badge>
          <span className="text-slate-700 dark:text-slate-200">
            <Emphasis text={t('auditPage.byActor', { skipInterpolation: true })} values={{ name: item.actorName ?? item.actorId ?? t('auditPage.system') }} />
            {item.impersonatorId && <> {t('auditPage.impersonatedBy', { name: item.impersonatorName ?? item.impersonatorId })}</>}
          </span>
          {item.targetType && (
            <span className="text-slate-500">
              {item.targetName ? (
                <Emphasis text={t('auditPage.onTarget', { skipInterpolation: true })} values={{ type: item.targetType, name: item.targetName }} emphasis={target} />
              ) : (
                <Emphasis text={t('auditPage.onTarget', { skipInterpolation: true })} values={{ type: item.targetType, name: item.targetId ?? '' }} emphasis={targetId} />
              )}
            </span>
          )}
        </p>
        {(item.before !== null || item.after !== null) && (
          <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">
            {item.before !== null && <span>{compact(item.before)}</span>}
            {item.before !== null && item.after !== null && <span aria-label={t('auditPage.changedTo')}> → </span>}
            {item.after !== null && <span>{compact(item.after)}</span>}
          </p>
        )}
        {item.reason && <p className="text-xs text-slate-600 dark:text-slate-400">{t('auditPage.reason', { reason: item.reason })}</p>}
        {item.ip && <p className="text-xs text-slate-400">{t('auditPage.ip', { ip: item.ip })}</p>}
      </div>
    </li>
  );
}

/** Staff: the append-only audit log, read-only, with filters. */
export function AuditPage() {
  const { t } = useTranslation('staff');
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
  const query = useAuditQuery({ ...filters, page });
  const { data } = query;

  return (
    <AdminPage messages="auditPage">
      <Card className="mb-4 p-4">
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(draft);
            setPage(1);
          }}
        >
          <Field label={t('auditPage.action')}>
            {(field) => (
              <Select {...field} value={draft.action ?? ''} onChange={(event) => setDraft({ ...draft, action: event.target.value || undefined })}>
                <option value="">{t('auditPage.allActions')}</option>
                {data?.actions.map((action) => (
                  <option key={action} value={action}>
                    {action}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('auditPage.actorId')}>
            {(field) => <Input {...field} value={draft.actorId ?? ''} onChange={(event) => setDraft({ ...draft, actorId: event.target.value || undefined })} />}
          </Field>
          <Field label={t('auditPage.targetId')}>
            {(field) => <Input {...field} value={draft.targetId ?? ''} onChange={(event) => setDraft({ ...draft, targetId: event.target.value || undefined })} />}
          </Field>
          <Field label={t('auditPage.from')}>
            {(field) => <Input {...field} type="date" value={draft.from ?? ''} onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })} />}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" className="flex-1">
              {t('auditPage.filter')}
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
              {t('auditPage.clear')}
            </Button>
          </div>
        </form>
      </Card>
      <Card className="py-2">
        <QueryState
          query={query}
          loading={t('auditPage.loading')}
          failed={t('auditPage.failed')}
          isEmpty={(log) => log.items.length === 0}
          empty={<EmptyState title={t('auditPage.empty')} />}
        >
          {(log) => (
            <>
              <p className="pb-1 pt-2 text-xs text-slate-500">{t('auditPage.entries', { count: log.total })}</p>
              <ol className="divide-y divide-slate-100 dark:divide-slate-800">
                {log.items.map((item) => (
                  <AuditEntry key={item.id} item={item} />
                ))}
              </ol>
            </>
          )}
        </QueryState>
      </Card>
      {data && <Pager page={data.page} pages={data.pages} onPage={setPage} />}
    </AdminPage>
  );
}
