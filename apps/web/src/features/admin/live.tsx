/**
 * Live staff queues, light enough for the navigation bar (no RTK Query on first load):
 * one EventSource per tab on /api/admin/events, shared by every component that asks.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Briefcase, ChevronDown } from 'lucide-react';
import { notify } from '../../lib/notify';
import { PENDING_QUEUES, type PendingCounts, type PendingQueue } from '@app/shared';
import { cn } from '../../lib/cn';
import { useAppDispatch, useCurrentUser } from '../../lib/hooks';
import { BACK_OFFICE_PAGES } from './components/admin-nav';

/** Where each queue is worked; its name is `live.queues.<queue>` in the staff messages. */
export const QUEUE_LINKS: Record<PendingQueue, string> = {
  deposits: '/admin-pending-deposit',
  investments: '/admin-pending-investment',
  withdrawals: '/admin-pending-wallet',
  kyc: '/pending-kyc',
  approvals: '/admin/approvals',
};

/** RTK Query tags each queue's pages use; refreshed when a request arrives. */
const QUEUE_TAGS: Record<PendingQueue, string[]> = {
  deposits: ['Payment'],
  investments: ['Investment'],
  withdrawals: ['Withdrawal'],
  kyc: ['Kyc'],
  approvals: ['Approval'],
};

type Arrival = (arrived: PendingQueue[], counts: PendingCounts) => void;

let counts: PendingCounts | null = null;
let source: EventSource | null = null;
let users = 0;
const listeners = new Set<() => void>();
const arrivalListeners = new Set<Arrival>();

function publish(next: PendingCounts) {
  counts = next;
  for (const listener of listeners) listener();
}

function connect() {
  if (typeof EventSource === 'undefined') {
    // No EventSource (old browsers, tests): one reading of the counts.
    void fetch('/api/admin/pending-counts', { credentials: 'include' })
      .then((response) => (response.ok ? (response.json() as Promise<PendingCounts>) : null))
      .then((next) => next && publish(next))
      .catch(() => {});
    return;
  }
  source = new EventSource('/api/admin/events', { withCredentials: true });
  source.addEventListener('counts', (event) => {
    try {
      const data = JSON.parse((event as MessageEvent<string>).data) as { counts: PendingCounts; arrived: PendingQueue[] };
      publish(data.counts);
      if (data.arrived.length > 0) for (const listener of arrivalListeners) listener(data.arrived, data.counts);
    } catch {
      // A malformed event is ignored; the next one carries the full counts again.
    }
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  users += 1;
  if (users === 1) connect();
  return () => {
    listeners.delete(listener);
    users -= 1;
    if (users === 0) {
      source?.close();
      source = null;
      counts = null;
    }
  };
}

const disabled = () => () => {};

/** Pending requests per staff queue, live; null until the first answer (or when `enabled` is false). */
export function usePendingCounts(enabled: boolean): PendingCounts | null {
  return useSyncExternalStore(enabled ? subscribe : disabled, () => (enabled ? counts : null), () => null);
}

/**
 * Refreshes the staff queues' data when a request arrives (their RTK Query tags), and tells
 * the staff member. Mount once (the navigation does).
 */
export function useQueueArrivals(enabled: boolean) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('staff');
  useEffect(() => {
    if (!enabled) return;
    const onArrival: Arrival = (arrived) => {
      const tags = arrived.flatMap((queue) => QUEUE_TAGS[queue]);
      // Loaded on demand: the first page load stays free of RTK Query.
      void import('../../lib/query').then(({ api }) => dispatch(api.util.invalidateTags(tags as never)));
      for (const queue of arrived) notify('info', t(`live.arrived.${queue}`), { toastId: `arrival-${queue}` });
    };
    arrivalListeners.add(onArrival);
    return () => {
      arrivalListeners.delete(onArrival);
    };
  }, [enabled, dispatch, t]);
}

export function totalPending(value: PendingCounts | null): number {
  return value ? PENDING_QUEUES.reduce((sum, queue) => sum + value[queue], 0) : 0;
}

/** The back office's pages after the queues in the navigation's menu (second approvals is a queue there). */
const BACK_OFFICE_LINKS = BACK_OFFICE_PAGES.filter((page) => page.to !== '/admin/approvals');

/**
 * The navigation's back-office menu for staff (one entry in the bar instead of every link):
 * the number of waiting requests on the button, then each queue with its count and the back
 * office's pages. `compact` shows the icon and count only (the phone header).
 */
export function BackOfficeMenu({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('staff');
  const value = usePendingCounts(true);
  useQueueArrivals(true);
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const total = totalPending(value);
  const links = BACK_OFFICE_LINKS.filter((link) => !link.adminOnly || user?.role === 'admin');

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const itemClass = 'flex items-center justify-between rounded-lg px-2 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <div ref={ref} className={cn('relative', className)}>
      <button
        type="button"
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={t('live.menuLabel', { count: total })}
        className={cn(
          'relative inline-flex h-9 items-center justify-center gap-1.5 rounded-lg text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
          compact ? 'w-9' : 'px-3',
        )}
      >
        <Briefcase className="size-5 shrink-0" aria-hidden />
        {!compact && <span>{t('live.backOffice')}</span>}
        {!compact && <ChevronDown className="size-4 shrink-0" aria-hidden />}
        {total > 0 && (
          <span className={cn('min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white tabular-nums', compact && 'absolute -right-1 -top-1')}>
            {total > 99 ? '99+' : total}
          </span>
        )}
      </button>
      {open && (
        <div className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <p className="px-2 pb-1 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('live.waiting')}</p>
          <ul>
            {PENDING_QUEUES.map((queue) => (
              <li key={queue}>
                <Link to={QUEUE_LINKS[queue]} onClick={() => setOpen(false)} className={itemClass}>
                  <span>{t(`live.queues.${queue}`)}</span>
                  <span className={cn('rounded-full px-2 text-xs font-semibold tabular-nums', value && value[queue] > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-500 dark:bg-slate-800')}>
                    {value ? value[queue] : '–'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <ul className="mt-1 border-t border-slate-100 pt-1 dark:border-slate-800">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={() => setOpen(false)} className={itemClass}>
                  {t(`adminNav.${link.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
