import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { RotateCw, Send } from 'lucide-react';
import { ADMIN_MESSAGES, OUTBOX_STATUSES, type OutboxItem, type OutboxStatusName } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useOutboxQuery, useRetryEmailMutation } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { Pager } from '../components/pager';
import { QueryState } from '../components/query-state';
import { localeDateFormat } from '../../../i18n/format';

const TONES: Record<OutboxStatusName, 'success' | 'warning' | 'danger' | 'neutral'> = {
  sent: 'success',
  pending: 'warning',
  failed: 'danger',
  stored: 'neutral',
  restored: 'warning',
};

const when = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

function OutboxRow({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const [retry, retrying] = useRetryEmailMutation();
  const canRetry = item.status === 'failed' || item.status === 'pending' || item.status === 'restored';
  return (
    <li className="py-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-white">{item.subject}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            {t('outboxPage.to', { to: item.to })}
            {item.replyTo && ` · ${t('outboxPage.replyTo', { replyTo: item.replyTo })}`} · {item.kind}
          </p>
          <p className="text-xs text-slate-500">
            {t('outboxPage.queued', { when: when.format(new Date(item.createdAt)) })}
            {item.sentAt && ` · ${t('outboxPage.sent', { when: when.format(new Date(item.sentAt)) })}`}
            {item.attempts > 0 && ` · ${t('outboxPage.attempts', { count: item.attempts })}`}
          </p>
          {item.status === 'restored' && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('outboxPage.restoredNote')}</p>}
          {item.lastError && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{t('outboxPage.lastError', { error: item.lastError })}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge tone={TONES[item.status]}>{t(`outboxPage.status.${item.status}`)}</Badge>
          {item.text !== null && (
            <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
              {open ? t('outboxPage.hide') : t('outboxPage.view')}
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
                  toast.error(errorMessage(error, ADMIN_MESSAGES.somethingWrong));
                }
              }}
            >
              {item.status === 'restored' ? <Send className="size-4" aria-hidden /> : <RotateCw className="size-4" aria-hidden />}
              {item.status === 'restored' ? t('outboxPage.send') : t('outboxPage.retry')}
            </Button>
          )}
        </div>
      </div>
      {open && item.text !== null && (
        <pre className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">{item.text}</pre>
      )}
      {item.text === null && <p className="mt-1 text-xs text-slate-500">{t('outboxPage.hidden')}</p>}
    </li>
  );
}

/** Staff: every email the platform sent or will send, with retry for failures. */
export function OutboxPage() {
  const { t } = useTranslation('staff');
  const [status, setStatus] = useState<OutboxStatusName | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useOutboxQuery({ status, page });
  const { data } = query;
  const tabs: Array<{ value: OutboxStatusName | undefined; label: string }> = [
    { value: undefined, label: t('outboxPage.all') },
    ...OUTBOX_STATUSES.map((value) => ({ value, label: t(`outboxPage.tab.${value}`) })),
  ];

  return (
    <AdminPage messages="outboxPage">
      {data && !data.delivering && (
        <Alert tone="info" className="mb-4" title={t('outboxPage.noServerTitle')}>
          {t('outboxPage.noServer')}
        </Alert>
      )}
      <div role="tablist" aria-label={t('outboxPage.filterByStatus')} className="mb-4 flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const count = tab.value ? data?.counts[tab.value] : data ? OUTBOX_STATUSES.reduce((sum, key) => sum + data.counts[key], 0) : undefined;
          const active = status === tab.value;
          return (
            <button
              key={tab.value ?? 'all'}
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
        <QueryState
          query={query}
          loading={t('outboxPage.loading')}
          failed={t('outboxPage.failed')}
          isEmpty={(outbox) => outbox.items.length === 0}
          empty={
            <div className="p-4">
              <EmptyState title={t('outboxPage.empty')} />
            </div>
          }
        >
          {(outbox) => (
            <ul className="divide-y divide-slate-100 px-5 dark:divide-slate-800">
              {outbox.items.map((item) => (
                <OutboxRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      {data && <Pager page={data.page} pages={data.pages} onPage={setPage} />}
    </AdminPage>
  );
}
