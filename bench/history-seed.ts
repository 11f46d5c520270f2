// A user with a real history (bench/history.ts, bench/embedded-read-path.ts): ENTRIES items
// written to the source tables as the services write them, the triggers rendering them.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { adjustBalance } from '../apps/server/src/ledger';
import { insertUser } from '../apps/server/src/services/auth/accounts';
import { createSession } from '../apps/server/src/services/auth/sessions';

export const ENTRIES = Number(process.env.ENTRIES ?? 300);

/** Every user's items at the same instants, so one cursor is as deep in each user's history. */
export async function seedUser(database: Database, index: number): Promise<string> {
  const db = database.db;
  const user = await insertUser(db, { name: `History ${index}`, email: `history-${index}-${Date.now()}@bench.example.com`, isVerified: true, kycStatus: 'Approved' });
  const deposits = Math.round(ENTRIES * 0.5);
  const withdrawals = Math.round(ENTRIES * 0.3);
  const investments = Math.round(ENTRIES * 0.15);
  const adjustments = ENTRIES - deposits - withdrawals - investments;
  await db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, asset, tx_hash, status, created_at)
    select gen_random_uuid()::text, 'DEP-' || substr(md5(random()::text), 1, 12), ${user.id}, 1000 + g * 7, 'USDT',
      case when g % 4 = 0 then '0x' || md5(g::text || ${user.id}) end, case when g % 3 = 0 then 'Pending' else 'Confirmed' end,
      timestamptz '2026-01-01' - make_interval(secs => g * 3600)
    from generate_series(1, ${deposits}) g`);
  await db.execute(sql`insert into withdrawals (id, user_id, amount_cents, fee_cents, asset, wallet_address, status, hold_id, request_date)
    select gen_random_uuid()::text, ${user.id}, 500 + g, 100, 'USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      case when g % 2 = 0 then 'Approved' else 'Rejected' end, g, timestamptz '2026-01-01' - make_interval(secs => g * 6000 + 30)
    from generate_series(1, ${withdrawals}) g`);
  await db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status, created_at, start_date)
    select gen_random_uuid()::text, 'INV-' || substr(md5(random()::text), 1, 12), ${user.id}, 'bench', 'Bench plan', 800, 2592000, 10000 + g,
      case when g % 2 = 0 then 'Active' else 'Ended' end, timestamptz '2026-01-01' - make_interval(secs => g * 12000 + 60),
      timestamptz '2026-01-01' - make_interval(secs => g * 12000)
    from generate_series(1, ${investments}) g`);
  for (let i = 1; i <= adjustments; i += 1) {
    await db.transaction((tx) =>
      adjustBalance(tx, { userId: user.id, operation: 'add', amountCents: 100 + i, reason: `Bench credit ${i}`, actorId: null, at: new Date(Date.parse('2026-01-01') - i * 36_000_000 - 90_000) }),
    );
  }
  return (await createSession(db, user.id)).token;
}

/**
 * The signed-in reads the in-process benches measure (bench/embedded-read-path.ts,
 * bench/pglite-statements.ts): getUser, the dashboard, the first history page of 50 and a page
 * of 100 half-way down, whose cursor is found by paging with `nextCursorAfter`.
 */
export async function signedInReads(nextCursorAfter: (url: string) => Promise<string | null>) {
  let cursor: string | null = null;
  for (let seen = 0; seen < ENTRIES / 2; seen += 100) {
    cursor = await nextCursorAfter(`/api/invest/getTransactionHistory?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
  }
  return [
    ['getUser', '/api/users/getUser'],
    ['dashboard', '/api/money/dashboard'],
    ['history first page, 50', '/api/invest/getTransactionHistory?limit=50'],
    ['history deep page, 100', `/api/invest/getTransactionHistory?limit=100&cursor=${cursor}`],
  ] as const;
}
