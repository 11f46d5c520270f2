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
  /** A user with a session among 2,000 others: enough for a plan's estimate of an array of ids (ten) to cost more than one. */
  async function databaseWithSessions(readers: number) {
    const database = await openTestDatabase({ postgres: true, poolSize: 1 });
    const signedIn: Array<{ userId: string; token: string }> = [];
    for (let index = 0; index < readers; index += 1) {
      const user = await insertUser(database.db, { name: `Plan Reader ${index}`, email: `plan-reader-${index}@example.com`, isVerified: true, kycStatus: 'Approved' });
      signedIn.push({ userId: user.id, token: (await createSession(database.db, user.id)).token });
    }
    await database.db.execute(sql`insert into users (id, name, email, referral_code) select 'other-' || g, 'Other ' || g, 'other-' || g || '@example.com', 'OTHR' || g from generate_series(1, 2000) g`);
    await database.db.execute(sql`insert into sessions (id, user_id, expires_at) select 'session-' || g, 'other-' || g, now() + interval '1 day' from generate_series(1, 2000) g`);
    await database.db.execute(sql`analyze`);
    return { database, signedIn, deps: { db: database.db, now: () => new Date() } };
  }

  const plansOf = (database: { db: Parameters<typeof selectRows>[0] }) =>
    selectRows<{ name: string; generic: number; custom: number }>(
      database.db,
      sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'sessions_%' order by name`,
    );

  it("keep one plan for a request's own session, on every route's read of it", async () => {
    const { database, signedIn, deps } = await databaseWithSessions(1);
    const { userId: userIdOne, token } = signedIn[0]!;
    try {
      for (let run = 0; run < 8; run += 1) {
        expect((await findSession(database.db, token))?.user.id).toBe(userIdOne);
        expect((await findSessionWithBalances(deps, token))?.auth.user.id).toBe(userIdOne);
        expect((await findSessionWithHistoryState(deps, token))?.auth.user.id).toBe(userIdOne);
        expect((await findSessionWithDashboard(deps, token))?.auth.user.id).toBe(userIdOne);
      }
      // Five custom plans, then the generic one kept for the three runs after.
      expect(await plansOf(database)).toEqual(
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

  it('keep one plan for a batch of several sessions, each session getting its own row', async () => {
    // Three requests at once are read in one batch, by the statement for four (the last id repeated).
    const { database, signedIn, deps } = await databaseWithSessions(3);
    try {
      for (let run = 0; run < 8; run += 1) {
        const found = await Promise.all(signedIn.map(({ token }) => findSession(database.db, token)));
        expect(found.map((session) => session?.user.id)).toEqual(signedIn.map(({ userId }) => userId));
        const withHistory = await Promise.all(signedIn.map(({ token }) => findSessionWithHistoryState(deps, token)));
        expect(withHistory.map((read) => read?.auth.user.id)).toEqual(signedIn.map(({ userId }) => userId));
      }
      // A batch of two: the same session twice and another (repeats are read once).
      const [first, second] = signedIn;
      const pair = await Promise.all([first!, first!, second!].map(({ token }) => findSession(database.db, token)));
      expect(pair.map((session) => session?.user.id)).toEqual([first!.userId, first!.userId, second!.userId]);
      expect(await plansOf(database)).toEqual([
        { name: 'sessions_by_id_2', generic: 0, custom: 1 },
        { name: 'sessions_by_id_4', generic: 3, custom: 5 },
        { name: 'sessions_with_history_version_by_id_4', generic: 3, custom: 5 },
      ]);
    } finally {
      await database.close();
    }
  });
});
