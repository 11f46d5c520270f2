import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/rows';
import { insertUser } from '../../src/services/auth/accounts';
import { createSession, findSession } from '../../src/services/auth/sessions';
import { findSessionWithBalances } from '../../src/services/auth/user-view';
import { findSessionWithHistoryState } from '../../src/services/history/page-cache';
import { findSessionWithDashboard } from '../../src/services/money/dashboard';
import { needsPostgres, openTestDatabase } from '../helpers/build-test-app';

/** A test database on one connection (pg_prepared_statements is per connection) with 2,000 other live sessions, analyzed. */
async function databaseOfManySessions() {
  const database = await openTestDatabase({ postgres: true, poolSize: 1 });
  const user = await insertUser(database.db, { name: 'Plan Reader', email: 'plan-reader@example.com', isVerified: true, kycStatus: 'Approved' });
  // Enough sessions for a plan's estimate of an array of ids (ten) to cost more than one.
  await database.db.execute(sql`insert into users (id, name, email, referral_code) select 'other-' || g, 'Other ' || g, 'other-' || g || '@example.com', 'OTHR' || g from generate_series(1, 2000) g`);
  await database.db.execute(sql`insert into sessions (id, user_id, expires_at) select 'session-' || g, 'other-' || g, now() + interval '1 day' from generate_series(1, 2000) g`);
  await database.db.execute(sql`analyze`);
  return { database, user, deps: { db: database.db, now: () => new Date() } };
}

function preparedPlans(database: Awaited<ReturnType<typeof openTestDatabase>>) {
  return selectRows<{ name: string; generic: number; custom: number }>(
    database.db,
    sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'sessions_%' order by name`,
  );
}

/** Every route's read of a session (the four statements of `SESSION_READS`), each answering the session's user id. */
function readsOf(deps: Awaited<ReturnType<typeof databaseOfManySessions>>['deps']) {
  return [
    async (token: string) => (await findSession(deps.db, token))?.user.id,
    async (token: string) => (await findSessionWithBalances(deps, token))?.auth.user.id,
    async (token: string) => (await findSessionWithHistoryState(deps, token))?.auth.user.id,
    async (token: string) => (await findSessionWithDashboard(deps, token))?.auth.user.id,
  ];
}

/** The four session reads' statement names, as `preparedPlans` lists them (by name). */
const SESSION_READS = ['sessions_by_id', 'sessions_with_balances_by_id', 'sessions_with_daily_moves_by_id', 'sessions_with_history_version_by_id'];

/**
 * Every signed-in request reads its session, alone at a quiet hour or batched with concurrent
 * requests' under load (db/batched-read.ts). Neither may be planned again on every run: with the
 * batch's array of ids in view, PostgreSQL planned a read of one session each time (0.15-0.19 ms
 * of planning against 0.03-0.06 ms of execution on 101,000 users) and a batch of two to about ten.
 */
describe('session reads on PostgreSQL', needsPostgres, () => {
  it("keep one plan for a request's own session, on every route's read of it", async () => {
    const { database, user, deps } = await databaseOfManySessions();
    try {
      const { token } = await createSession(database.db, user.id);
      for (let run = 0; run < 8; run += 1) {
        for (const read of readsOf(deps)) expect(await read(token)).toBe(user.id);
      }
      // Five custom plans, then the generic one kept for the three runs after.
      expect(await preparedPlans(database)).toEqual(SESSION_READS.map((name) => ({ name: `${name}_one`, generic: 3, custom: 5 })));
    } finally {
      await database.close();
    }
  });

  it('keep one plan for a batch of sessions read together (the signed-in reads under load)', async () => {
    const { database, user, deps } = await databaseOfManySessions();
    try {
      const tokens = await Promise.all([1, 2, 3].map(async () => (await createSession(database.db, user.id)).token));
      // Asked in one turn of the event loop, the three go in one statement.
      for (let run = 0; run < 8; run += 1) {
        for (const read of readsOf(deps)) expect(await Promise.all(tokens.map(read))).toEqual([user.id, user.id, user.id]);
      }
      // Planned again on every run, a batch of three cost PostgreSQL 0.24 ms of planning against 0.16 of execution on 100,000 sessions.
      expect(await preparedPlans(database)).toEqual(SESSION_READS.map((name) => ({ name, generic: 3, custom: 5 })));
    } finally {
      await database.close();
    }
  });
});
