import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/rows';
import { buildTestApp, needsPostgres, openTestDatabase } from '../helpers/build-test-app';

/**
 * The default page of the deposit, withdrawal, investment and KYC queues and of the users list is a statement without parameters, so
 * that PostgreSQL plans it once per connection: with parameters (a LIMIT, the status, the account kinds, the
 * settings' keys) it chose a new custom plan on every run, 0.26 ms of PostgreSQL's CPU a page
 * (services/platform/requests.ts). One connection, so that its prepared statements can be read.
 */
describe('the staff queues on PostgreSQL', needsPostgres, () => {
  it('plan their default page once per connection, not on every run', async () => {
    const database = await openTestDatabase({ postgres: true, poolSize: 1 });
    const t = await buildTestApp({ database });
    try {
      const admin = await t.createUser({ role: 'admin' });
      const { user } = await t.createUser();
      await database.db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, tx_hash, status) values (${`${user.id}-p`}, ${`DEP-${user.id}`}, ${user.id}, 100, '0xabc', 'Pending')`);
      await database.db.execute(sql`insert into withdrawals (id, user_id, amount_cents, asset, wallet_address, status, hold_id) values (${`${user.id}-w`}, ${user.id}, 100, 'USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Pending', 0)`);
      await database.db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status)
        values (${`${user.id}-i`}, ${`INV-${user.id}`}, ${user.id}, 'p', 'Plan', 800, 86400, 100, 'Pending')`);
      for (let run = 0; run < 8; run += 1) {
        for (const url of ['/api/payments/pending-deposit', '/api/withDraw/pending', '/api/invest/adminPendingInvestment', '/api/users/kyc/pending', '/api/users/getUsers']) {
          expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);
        }
      }
      const plans = await selectRows<{ name: string; generic: number; custom: number }>(
        database.db,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name in ('pending_payments_first', 'pending_withdrawals_first', 'pending_investments_first', 'pending_kyc_admin_first', 'users_list_first') order by name`,
      );
      expect(plans).toEqual([
        { name: 'pending_investments_first', generic: 8, custom: 0 },
        { name: 'pending_kyc_admin_first', generic: 8, custom: 0 },
        { name: 'pending_payments_first', generic: 8, custom: 0 },
        { name: 'pending_withdrawals_first', generic: 8, custom: 0 },
        { name: 'users_list_first', generic: 8, custom: 0 },
      ]);
    } finally {
      await t.close();
      await database.close();
    }
  });
});
