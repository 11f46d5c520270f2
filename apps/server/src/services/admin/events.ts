import { sql } from 'drizzle-orm';
import { PENDING_QUEUES, type PendingCounts } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { tableExists } from './solvency';
import { selectRows } from '../../db/rows';

/** Each staff queue: the table and the condition of a request waiting for staff. */
const QUEUE_SOURCES: Record<keyof PendingCounts, { table: string; where: string }> = {
  deposits: { table: 'payments', where: `status = 'Pending'` },
  investments: { table: 'investments', where: `status = 'Pending'` },
  withdrawals: { table: 'withdrawals', where: `status = 'Pending'` },
  kyc: { table: 'kyc_submissions', where: `status = 'Pending'` },
  approvals: { table: 'approval_requests', where: `status = 'Pending'` },
};

/**
 * How many requests wait in each staff queue. Read straight from the tables (not from the
 * services that fill them), so it works on every instance and whatever each feature does.
 */
export async function pendingCounts(db: DbOrTx): Promise<PendingCounts> {
  const counts = { deposits: 0, investments: 0, withdrawals: 0, kyc: 0, approvals: 0 } as PendingCounts;
  for (const queue of PENDING_QUEUES) {
    const source = QUEUE_SOURCES[queue];
    if (!(await tableExists(db, source.table))) continue;
    const [row] = await selectRows<{ total: string }>(db, sql.raw(`select count(*)::text as total from ${source.table} where ${source.where}`));
    counts[queue] = Number(row?.total ?? 0);
  }
  return counts;
}

export type CountsListener = (counts: PendingCounts, arrived: Array<keyof PendingCounts>) => void;

/**
 * One poller per app instance, running only while someone listens: every `intervalMs` it
 * reads the pending counts and tells listeners when they changed (with the queues that grew).
 */
export function createPendingCountsHub(db: DbOrTx, intervalMs: number, onError: (error: unknown) => void) {
  const listeners = new Set<CountsListener>();
  let last: PendingCounts | null = null;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      const next = await pendingCounts(db);
      const previous = last;
      last = next;
      if (!previous) return;
      const changed = PENDING_QUEUES.some((queue) => previous[queue] !== next[queue]);
      if (!changed) return;
      const arrived = PENDING_QUEUES.filter((queue) => next[queue] > previous[queue]);
      for (const listener of listeners) listener(next, arrived);
    } catch (error) {
      onError(error);
    } finally {
      polling = false;
    }
  }

  return {
    /** Adds a listener; returns the current counts and a function that removes it. */
    async subscribe(listener: CountsListener): Promise<{ counts: PendingCounts; unsubscribe: () => void }> {
      const counts = await pendingCounts(db);
      last ??= counts;
      listeners.add(listener);
      if (!timer) {
        timer = setInterval(() => void poll(), intervalMs);
        timer.unref();
      }
      return {
        counts,
        unsubscribe: () => {
          listeners.delete(listener);
          if (listeners.size === 0 && timer) {
            clearInterval(timer);
            timer = undefined;
            last = null;
          }
        },
      };
    },
    get listeners() {
      return listeners.size;
    },
    stop() {
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
