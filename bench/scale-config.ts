// bench/scale.ts's settings (environment) and small helpers, shared with bench/scale-seed.ts.
import os from 'node:os';

export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const USERS = Number(process.env.SCALE_USERS ?? 100_000);
/** Pending cases seeded in each staff queue: the queues answer at most this many a page (limit=500; 50 by default). */
export const QUEUE_PAGE = 500;
/** Two weeks of activity per round: ~5.5 history entries, ~16 postings. */
export const HISTORY_ROUNDS = 150;
export const RUNS = Number(process.env.SCALE_RUNS ?? 3);
/** bench/lib.ts measure's run length. */
export const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
export const ADMIN = { email: 'scale-admin@example.com', password: 'Scale-Admin-Passw0rd!' };
/** Every seeded user's password (one real argon2 hash, so the accounts could sign in). */
export const USER_PASSWORD = 'Scale-User-Passw0rd!';

export function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));
export const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(', ');
