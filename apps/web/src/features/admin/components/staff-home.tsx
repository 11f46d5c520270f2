import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Emphasis } from '../../../components/ui/emphasis';
import { AlertTriangle, ArrowRight, CheckCircle2 } from 'lucide-react';
import { type StaffHome as StaffHomeData, type StaffQueueSummary } from '@app/shared';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { useStaffTime } from '../../../components/ui/staff-time';
import { cn } from '../../../lib/cn';
import { useStaffHomeQuery } from '../api/admin-api';
import { QUEUE_LINKS } from '../live';
import { QueryState } from './query-state';
import { SurplusAmount, surplusStanding, useSurplusLabel } from './surplus';
import { localeDateFormat } from '../../../i18n/format';

const when = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

function QueueCard({ item, overdueAfter }: { item: StaffQueueSummary; overdueAfter: number }) {
  const { t } = useTranslation('staff');
  const { waiting } = useStaffTime();
  const late = item.overdue > 0;
  return (
    <li>
      <Link
        to={QUEUE_LINKS[item.queue]}
        className={cn(
          'flex h-full flex-col rounded-2xl border bg-white p-4 shadow-sm transition-colors hover:border-brand-600 dark:bg-slate-900',
          late ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-800',
        )}
        data-testid={`queue-${item.queue}`}
      >
        <span className="flex items-start justify-between gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
          {t(`live.queues.${item.queue}`)}
          <ArrowRight className="size-4 shrink-0 text-slate-400" aria-hidden />
        </span>
        <span className="mt-1 text-3xl font-bold tabular-nums text-slate-900 dark:text-white">{item.count}</span>
        <span className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {item.oldestAgeHours === null ? t('staffHome.nothingWaiting') : t('staffHome.oldest', { age: waiting({ hours: item.oldestAgeHours }) })}
        </span>
        {late && (
          <span className="mt-2">
            <Badge tone="danger">
              <AlertTriangle className="mr-1 size-3" aria-hidden />
              {t('staffHome.overdue', { count: item.overdue, days: overdueAfter })}
            </Badge>
          </span>
        )}
      </Link>
    </li>
  );
}

function SolvencyCard({ solvency }: { solvency: StaffHomeData['solvency'] }) {
  const { t } = useTranslation('staff');
  const { short } = surplusStanding(solvency.surplus);
  const surplusLabel = useSurplusLabel(solvency.surplus);
  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('staffHome.solvency')}</h3>
        <Badge tone={short ? 'danger' : 'success'}>{short ? t('staffHome.shortfall') : t('staffHome.covered')}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">{t('staffHome.owed')}</dt>
        <dd className="text-right font-semibold">
          <Money value={solvency.owed} />
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('staffHome.netReceived')}</dt>
        <dd className="text-right font-semibold">
          <Money value={solvency.netReceived} />
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{surplusLabel}</dt>
        <dd className="text-right font-bold">
          <SurplusAmount surplus={solvency.surplus} />
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('staffHome.activeInvestments')}</dt>
        <dd className="text-right tabular-nums">{solvency.activeInvestments}</dd>
      </dl>
      <Link to="/admin/solvency" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {t('staffHome.fullReport')} <ArrowRight className="size-4" aria-hidden />
      </Link>
    </Card>
  );
}

function AuditCard({ entries }: { entries: StaffHomeData['recentAudit'] }) {
  const { t } = useTranslation('staff');
  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t('staffHome.recentActions')}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('staffHome.nothingRecorded')}</p>
      ) : (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={t('staffHome.recentEntries')}>
          {entries.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Badge tone="info">{entry.action}</Badge>
                <span className="text-slate-700 dark:text-slate-200">
                  <Emphasis text={t('auditPage.byActor', { skipInterpolation: true })} values={{ name: entry.actorName ?? t('auditPage.system') }} />
                  {entry.targetType && <> {t('staffHome.on', { target: entry.targetName ?? `${entry.targetType} ${entry.targetId ?? ''}`.trim() })}</>}
                </span>
              </p>
              <time dateTime={entry.at} className="text-xs text-slate-500 dark:text-slate-400">
                {when.format(new Date(entry.at))}
              </time>
            </li>
          ))}
        </ol>
      )}
      <Link to="/admin/audit" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {t('adminNav.audit')} <ArrowRight className="size-4" aria-hidden />
      </Link>
    </Card>
  );
}

/**
 * The staff home, first on /my-account for authors and admins: each queue with its count,
 * the oldest request's age and overdue flags, solvency in brief and the latest audit entries.
 */
export function StaffHome() {
  const { t } = useTranslation('staff');
  const query = useStaffHomeQuery();
  const { data } = query;
  const waiting = data ? data.queues.reduce((sum, item) => sum + item.count, 0) : 0;
  const overdue = data ? data.queues.reduce((sum, item) => sum + item.overdue, 0) : 0;
  return (
    <section aria-labelledby="staff-home-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="staff-home-title" className="text-xl font-bold text-slate-900 dark:text-white">
            {t('staffHome.title')}
          </h2>
          {data && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
              {waiting === 0 ? (
                <>
                  <CheckCircle2 className="size-4 text-emerald-600" aria-hidden /> {t('staffHome.allEmpty')}
                </>
              ) : overdue ? (
                t('staffHome.waitingOverdue', { count: waiting, overdue })
              ) : (
                t('staffHome.waiting', { count: waiting })
              )}
            </p>
          )}
        </div>
        <Link to="/admin/users" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {t('staffHome.backOffice')}
        </Link>
      </div>
      <QueryState query={query} loading={t('staffHome.loading')} failed={t('staffHome.failed')}>
        {(home) => (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t('staffHome.queues')}>
              {home.queues.map((item) => (
                <QueueCard key={item.queue} item={item} overdueAfter={home.overdueAfterBusinessDays} />
              ))}
            </ul>
            <div className="grid gap-4 lg:grid-cols-2">
              <SolvencyCard solvency={home.solvency} />
              <AuditCard entries={home.recentAudit} />
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
