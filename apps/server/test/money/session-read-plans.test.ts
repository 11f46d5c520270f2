import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/rows';
import { insertUser } from '../../src/services/auth/accounts';
import { createSession, findSession } from '../../src/services/auth/sessions';
import { findSessionWithBalances } from '../../src/services/auth/user-view';
import { findSessionWithHistoryState } from '../../src/services/history/page-cache';
import { findSessionWithDashboard } from '../../src/services/money/dashboard';
import { needsPostgres, openTestDatabase } from '../helpers/build-test-app';

/**
 * Every signed-in request reads its session. Read alone (a batch of one, as at any quiet hour),
 * it must not be planned again on every request: with an array of ids PostgreSQL planned it each
 * time (0.15-0.19 ms of planning against 0.03-0.06 ms of execution on 101,000 users).
 */
describe('session reads on PostgreSQL', needsPostgres, () => {
  it("keep one plan for a request's own session, on every route's read of it", async () => {
    const database = await openTestDatabase({ postgres: true, poolSize: 1 });
    try {
      const user = await insertUser(database.db, { name: 'Plan Reader', email: 'plan-reader@example.com', isVerified: true, kycStatus: 'Approved' });
      const { token } = await createSession(database.db, user.id);
      // Enough sessions for a plan's estimate of an array of ids (ten) to cost more than one.
      await database.db.execute(sql`insert into users (id, name, email, referral_code) select 'other-' || g, 'Other ' || g, 'other-' || g || '@example.com', 'OTHR' || g from generate_series(1, 2000) g`);
      await database.db.execute(sql`insert into sessions (id, user_id, expires_at) select 'session-' || g, 'other-' || g, now() + interval '1 day' from generate_series(1, 2000) g`);
      await database.db.execute(sql`analyze`);
      const deps = { db: database.db, now: () => new Date() };
      for (let run = 0; run < 8; run += 1) {
        expect((await findSession(database.db, token))?.user.id).toBe(user.id);
        expect((await findSessionWithBalances(deps, token))?.auth.user.id).toBe(user.id);
        expect((await findSessionWithHistoryState(deps, token))?.auth.user.id).toBe(user.id);
        expect((await findSessionWithDashboard(deps, token))?.auth.user.id).toBe(user.id);
      }
      const plans = await selectRows<{ name: string; generic: number; custom: number }>(
        database.db,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'sessions_%' order by name`,
      );
      // Five custom plans, then the generic one kept for the three runs after.
      expect(plans).toEqual(
        ['sessions_by_id_one', 'sessions_with_balances_by_id_one', 'sessions_with_daily_moves_by_id_one', 'sessions_with_history_version_by_id_one'].map((name) => ({
          name,
          generic: 3,
          custom: 5,
        })),
      );
    } finally {
      await database.close();
    }
  });
});
