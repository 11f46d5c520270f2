import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Select } from '../../../components/ui/input';
import { EmptyState } from '../../../components/ui/spinner';
import { useAuditQuery, type AuditArgs } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { AuditEntry } from '../components/audit-entry';
import { Pager } from '../components/pager';
import { QueryState } from '../components/query-state';

/** Staff: the append-only audit log, read-only, with filters: each entry a sentence, its changes, its raw record behind a toggle. */
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
      <Card className="overflow-hidden">
        <QueryState
          query={query}
          loading={t('auditPage.loading')}
          failed={t('auditPage.failed')}
          isEmpty={(log) => log.items.length === 0}
          empty={<EmptyState title={t('auditPage.empty')} />}
        >
          {(log) => (
            <>
              <p className="border-b border-slate-100 px-5 py-2.5 text-xs font-medium text-slate-500 dark:border-slate-800">{t('auditPage.entries', { count: log.total })}</p>
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
