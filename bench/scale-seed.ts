// The SQL that seeds bench/scale.ts's databases: the fixture every page shows, and the bulk of
// users with ledger activity, generated set-based through the ledger's tables and triggers.
import pg from 'pg';
import { HISTORY_ROUNDS, QUEUE_PAGE, USERS, seconds } from './scale-config';

/** The seeding clock: both databases get the same fixture, timestamps included. */
const NOW = `${pg.escapeLiteral(new Date().toISOString())}::timestamptz`;
/** A deterministic integer in [0, n) for a row, so every run seeds the same data. */
const pick = (seed: string, n: number) => `((hashtext(${seed})::bigint + 2147483648) % ${n})`;
/** A cents expression as formatUsd writes it ("$1,234.56"), for journal labels. */
const usd = (cents: string) => `('$' || to_char((${cents}) / 100, 'FM999,999,999,990') || '.' || lpad(((${cents}) % 100)::text, 2, '0'))`;

/**
 * Who to seed: one row per user. `rounds` of completed activity (three confirmed deposits,
 * an invested-and-matured Standard plan, every other round a paid-out withdrawal, optionally
 * a staff adjustment), then the open requests the flags ask for, at `recent_at`.
 */
const PLAN_COLUMNS = `key, name, kyc_status, is_verified, role, rounds, created_at, recent_at, pending_deposit, rejected_deposit,
  pending_withdrawal, rejected_withdrawal, active_investment, pending_investment, adjustment, kyc_rejected_before`;

/**
 * The bulk users' numbers the staff searches of bench/scale.ts find ("Scale User 4242" finds
 * 4242 and 42420-42429, "u77777@" finds 77777). They are seeded with the fixture, on both
 * databases, so each search answers the same rows on the small one as on the large one; the
 * bulk skips them.
 */
const SEARCHED_NUMBERS = `array[${[4242, ...Array.from({ length: 10 }, (_, digit) => 42420 + digit), 77777].join(', ')}]`;

/** A bulk user's plan row: `n` numbers the user, from `source`. */
const bulkUsers = (source: string) => `
  select 'u' || n, 'Scale User ' || n,
    case when n % 100 < 70 then 'Approved' when n % 100 = 70 then 'Pending' when n % 100 < 75 then 'Rejected' else 'Not Submitted' end,
    n % 100 < 90, case when n % 1000 = 999 then 'suspended' else 'subscriber' end, case when n % 100 < 70 then 1 else 0 end,
    ${NOW} - interval '60 days' - n * interval '6 minutes', ${NOW} - (n * 37 % 10080) * interval '1 minute',
    n % 100 < 2, n % 100 between 2 and 4, n % 100 between 5 and 6, n % 100 = 7, n % 10 = 3, n % 100 = 8, n % 50 = 9, n % 20 = 11
  from ${source}`;

export const FIXTURE_PLAN = `
  select 'history', 'Hannah History', 'Approved', true, 'subscriber', ${HISTORY_ROUNDS},
    ${NOW} - interval '46 days' - ${HISTORY_ROUNDS} * interval '14 days', ${NOW} - interval '40 days',
    true, true, true, true, true, true, true, true
  union all
  select 'queue-' || i, 'Queue User ' || i, 'Approved', true, 'subscriber', 1,
    ${NOW} - interval '400 days' + i * interval '1 minute', ${NOW} - interval '30 days' + i * interval '1 minute',
    true, false, true, false, false, true, false, false
  from generate_series(1, ${QUEUE_PAGE}) i
  union all
  select 'kyc-' || i, 'Kyc User ' || i, 'Pending', true, 'subscriber', 0,
    ${NOW} - interval '400 days' + i * interval '1 minute', ${NOW} - interval '30 days' + i * interval '1 minute',
    false, false, false, false, false, false, false, i % 5 = 0
  from generate_series(1, ${QUEUE_PAGE}) i
  union all ${bulkUsers(`unnest(${SEARCHED_NUMBERS}) n`)}`;

/**
 * Part `worker` of `workers` of the bulk users (workers seed in parallel): 70% KYC approved
 * and active, 1% KYC pending, 4% rejected, 25% not submitted; 10% not email-verified, 0.1%
 * suspended. Of the active users: 2% with a deposit waiting, 2% with a withdrawal waiting,
 * 10% with a running investment, 1% with an investment waiting. Open requests are from the
 * last seven days. None of the searched numbers' users: the fixture has them.
 */
export const bulkPlan = (worker: number, workers: number) =>
  bulkUsers(`generate_series(1, ${USERS}) n where n % ${workers} = ${worker} and n <> all (${SEARCHED_NUMBERS})`);

function seedStatements(planSql: string, part: 'users' | 'money', adminId: string, passwordHash: string): Array<[step: string, sql: string]> {
  const admin = pg.escapeLiteral(adminId);
  const plan: [string, string] = [
    'plan',
    `create temp table seed_plan on commit drop as
      select plan.*, md5('vaultline-scale:' || key)::uuid::text as user_id, key || '@scale.example.com' as email
      from (${planSql}) as plan(${PLAN_COLUMNS})`,
  ];
  if (part === 'users') return [plan, ...userStatements(admin, passwordHash)];
  return [plan, ...moneyStatements(admin)];
}

function userStatements(admin: string, passwordHash: string): Array<[step: string, sql: string]> {
  return [
    ['users', `insert into users (id, name, email, phone, country, role, is_verified, kyc_status, password_hash, referral_code, created_at, updated_at, last_login_at)
      select user_id, name, email, '+1415555' || lpad(${pick('key', 10000)}::text, 4, '0'),
        (array['United States', 'Germany', 'Brazil', 'Nigeria', 'India', 'Japan'])[1 + ${pick("key || ':country'", 6)}],
        role, is_verified, kyc_status, ${pg.escapeLiteral(passwordHash)}, upper(key), created_at, created_at, recent_at
      from seed_plan`],
    ['kyc', `insert into kyc_submissions (id, user_id, status, front_key, back_key, front_mime, back_mime, front_size, back_size, front_name, back_name, submitted_at, reviewed_by_id, reviewed_at, reason)
      select md5('kyc:' || p.key || ':' || s.slot)::uuid::text, p.user_id, s.status,
        'kyc/' || md5('front:' || p.key || s.slot), 'kyc/' || md5('back:' || p.key || s.slot), 'image/jpeg', 'image/jpeg',
        150000 + ${pick("p.key || 'front'", 100000)}, 150000 + ${pick("p.key || 'back'", 100000)}, 'passport-front.jpg', 'passport-back.jpg',
        s.at, case when s.status <> 'Pending' then ${admin} end, case when s.status <> 'Pending' then s.at + interval '3 hours' end,
        case when s.status = 'Rejected' then 'The document is blurred; please send a sharper photo' end
      from seed_plan p cross join lateral (values
        (1, 'Rejected', p.created_at + interval '6 hours', p.kyc_rejected_before),
        (2, p.kyc_status, case p.kyc_status when 'Pending' then p.recent_at when 'Rejected' then p.created_at + interval '2 days' else p.created_at + interval '12 hours' end,
          p.kyc_status <> 'Not Submitted')
      ) as s(slot, status, at, present)
      where s.present`],
    ['sessions', `insert into sessions (id, user_id, ip, user_agent, created_at, last_seen_at, expires_at)
      select md5('session-a:' || key) || md5('session-b:' || key), user_id, '203.0.113.' || ${pick("key || ':ip'", 250)}, 'Mozilla/5.0 (scale bench)',
        recent_at, recent_at, ${NOW} + interval '30 days'
      from seed_plan where ${pick("key || ':session'", 3)} = 0`],
  ];
}

function moneyStatements(admin: string): Array<[step: string, sql: string]> {
  return [
    ['rounds', `create temp table seed_rounds on commit drop as
      select p.key, p.user_id, r, p.created_at + interval '1 day' + (r - 1) * interval '14 days' as at, p.adjustment
      from seed_plan p cross join generate_series(1, p.rounds) r`],
    ['payments', `create temp table seed_payments on commit drop as
      select md5('payment:' || key || ':' || r || ':' || slot)::uuid::text as id, 'DEP-' || upper(key) || '-' || r || '-' || slot as transaction_id,
        user_id, (50000 + ${pick("key || ':' || r || ':' || slot || ':deposit'", 1000)} * 100)::bigint as amount_cents, status, created_at,
        case when status <> 'Pending' then created_at + interval '2 hours' end as decided_at
      from (
        select key, user_id, r, slot, 'Confirmed' as status, at + (array[0, 2, 6])[slot] * interval '1 day' as created_at
        from seed_rounds cross join generate_series(1, 3) slot
        union all select key, user_id, 0, 4, 'Pending', recent_at from seed_plan where rounds > 0 and pending_deposit
        union all select key, user_id, 0, 5, 'Rejected', recent_at - interval '2 days' from seed_plan where rounds > 0 and rejected_deposit
      ) d`],
    ['withdrawals', `create temp table seed_withdrawals on commit drop as
      select md5('withdrawal:' || key || ':' || r || ':' || slot)::uuid::text as id, user_id, amount_cents, 100 + amount_cents / 100 as fee_cents,
        status, request_date, decided_at, (array['BTC', 'ETH', 'USDT'])[1 + ${pick("key || ':asset'", 3)}] as asset
      from (
        select key, user_id, r, slot, status, request_date, decided_at,
          (5000 + ${pick("key || ':' || r || ':' || slot || ':withdrawal'", 150)} * 100)::bigint as amount_cents
        from (
          select key, user_id, r, 1 as slot, 'Approved' as status, at + interval '8 days' as request_date, at + interval '9 days' as decided_at
          from seed_rounds where ${pick("key || ':' || r || ':paid out'", 2)} = 0
          union all select key, user_id, 0, 2, 'Pending', recent_at, null from seed_plan where rounds > 0 and pending_withdrawal
          union all select key, user_id, 0, 3, 'Rejected', recent_at - interval '1 day', recent_at - interval '12 hours' from seed_plan where rounds > 0 and rejected_withdrawal
        ) w
      ) w`],
    ['investments', `create temp table seed_investments on commit drop as
      select md5('investment:' || key || ':' || r || ':' || slot)::uuid::text as id, 'INV-' || upper(key) || '-' || r || '-' || slot as investment_id,
        user_id, (20000 + ${pick("key || ':' || r || ':' || slot || ':investment'", 91)} * 100)::bigint as amount_cents, status, created_at, start_date
      from (
        select key, user_id, r, 1 as slot, 'Ended' as status, at + interval '3 days' as created_at, at + interval '3 days 1 hour' as start_date from seed_rounds
        union all select key, user_id, 0, 2, 'Active', ${NOW} - interval '1 hour' - ${pick('key', 600)} * interval '1 minute', ${NOW} - ${pick('key', 600)} * interval '1 minute'
          from seed_plan where rounds > 0 and active_investment
        union all select key, user_id, 0, 3, 'Pending', recent_at, null from seed_plan where rounds > 0 and pending_investment
      ) i`],
    ['payment rows', `insert into payments (id, transaction_id, user_id, amount_cents, asset, tx_hash, status, notes, created_at, decided_at, decided_by)
      select id, transaction_id, user_id, amount_cents, 'USDT', '0x' || md5(id) || md5(transaction_id), status,
        case when status = 'Rejected' then 'No matching transfer received' end, created_at, decided_at, case when decided_at is not null then ${admin} end
      from seed_payments`],
    ['investment rows', `insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status, profit_cents,
        end_reason, created_at, decided_at, decided_by, start_date, end_date, ended_at)
      select id, investment_id, user_id, 'plan-standard', 'Standard', 1000, 86400, amount_cents, status, case when status = 'Ended' then amount_cents / 10 end,
        case when status = 'Ended' then 'matured' end, created_at, start_date, case when start_date is not null then ${admin} end,
        start_date, start_date + interval '1 day', case when status = 'Ended' then start_date + interval '1 day' end
      from seed_investments`],
    ['journals', `create temp table seed_journals on commit drop as
      select nextval('ledger_journals_id_seq') as id, j.* from (
        select user_id, 'deposit' as kind, ${admin} as actor_id, 'Deposit ' || transaction_id as label, null as reason, 'payment:' || id as reference,
          null::jsonb as metadata, decided_at as created_at, array['wallet', 'received_funds'] as kinds, array[amount_cents, -amount_cents] as amounts
        from seed_payments where status = 'Confirmed'
        union all select user_id, 'withdrawal_hold', user_id, 'Withdrawal requested (' || ${usd('amount_cents')} || ' held)', null, 'withdrawal:' || id, null,
          request_date, array['wallet', 'held'], array[-amount_cents, amount_cents]
        from seed_withdrawals
        union all select user_id, 'withdrawal_settle', ${admin}, 'Withdrawal paid out', null, 'withdrawal:' || id, null,
          decided_at, array['held', 'received_funds'], array[fee_cents - amount_cents, amount_cents - fee_cents]
        from seed_withdrawals where status = 'Approved'
        union all select user_id, 'fee', ${admin}, 'Withdrawal fee', null, 'withdrawal:' || id, null, decided_at, array['held', 'fee_income'], array[-fee_cents, fee_cents]
        from seed_withdrawals where status = 'Approved'
        union all select user_id, 'withdrawal_release', ${admin}, 'Withdrawal rejected: funds released', null, 'withdrawal:' || id, null,
          decided_at, array['held', 'wallet'], array[-amount_cents, amount_cents]
        from seed_withdrawals where status = 'Rejected'
        union all select user_id, 'investment_hold', user_id, 'Investment in Standard requested (' || ${usd('amount_cents')} || ' held)', null, 'investment:' || id, null,
          created_at, array['wallet', 'held'], array[-amount_cents, amount_cents]
        from seed_investments
        union all select user_id, 'investment_settle', ${admin}, 'Investment in Standard started', null, 'investment:' || id, null,
          start_date, array['held', 'invested'], array[-amount_cents, amount_cents]
        from seed_investments where status in ('Active', 'Ended')
        union all select user_id, 'maturity', null, 'Standard investment matured: ' || ${usd('amount_cents')} || ' principal + ' || ${usd('amount_cents / 10')} || ' profit',
          null, 'investment:' || id, jsonb_build_object('investmentId', id, 'principalCents', amount_cents, 'profitCents', amount_cents / 10),
          start_date + interval '1 day', array['wallet', 'invested', 'profit_expense'], array[amount_cents + amount_cents / 10, -amount_cents, -(amount_cents / 10)]
        from seed_investments where status = 'Ended'
        union all select user_id, 'balance_adjustment', ${admin}, 'Adjustment by support: Goodwill credit', 'Goodwill credit', null, '{"operation":"add"}'::jsonb,
          at + interval '10 days', array['wallet', 'adjustments'],
          array[(500 + ${pick("key || ':' || r || ':adjustment'", 20)} * 100)::bigint, -(500 + ${pick("key || ':' || r || ':adjustment'", 20)} * 100)::bigint]
        from seed_rounds where adjustment
        order by created_at, user_id, kind
      ) j`],
    ['journal rows', `insert into ledger_journals (id, kind, user_id, actor_id, label, reason, reference, metadata, created_at)
      select id, kind, user_id, actor_id, label, reason, reference, metadata, created_at from seed_journals order by id`],
    ['accounts', `insert into ledger_accounts (user_id, kind, balance_cents, created_at)
      select j.user_id, p.kind, sum(p.amount), min(j.created_at)
      from seed_journals j cross join lateral unnest(j.kinds, j.amounts) as p(kind, amount)
      group by j.user_id, p.kind`],
    ['postings', `insert into ledger_postings (journal_id, account_id, amount_cents)
      select j.id, a.id, p.amount
      from seed_journals j cross join lateral unnest(j.kinds, j.amounts) as p(kind, amount)
      join ledger_accounts a on a.user_id = j.user_id and a.kind = p.kind
      order by j.id`],
    ['holds', `insert into ledger_holds (user_id, purpose, reference, amount_cents, status, hold_journal_id, resolve_journal_id, created_at, resolved_at)
      select r.user_id, r.purpose, r.id, r.amount_cents, r.status, h.id, x.id, r.created_at, x.created_at
      from (
        select user_id, 'withdrawal' as purpose, id, amount_cents, case status when 'Pending' then 'held' when 'Approved' then 'settled' else 'released' end as status,
          request_date as created_at
        from seed_withdrawals
        union all select user_id, 'investment', id, amount_cents, case status when 'Pending' then 'held' else 'settled' end, created_at from seed_investments
      ) r
      join seed_journals h on h.reference = r.purpose || ':' || r.id and h.kind = r.purpose || '_hold'
      left join seed_journals x on x.reference = r.purpose || ':' || r.id
        and x.kind in ('withdrawal_settle', 'withdrawal_release', 'investment_settle')`],
    ['withdrawal rows', `insert into withdrawals (id, user_id, amount_cents, fee_cents, asset, wallet_address, status, notes, hold_id, request_date, decided_at, decided_by)
      select w.id, w.user_id, w.amount_cents, w.fee_cents, w.asset, 'bc1q' || substr(md5(w.id || 'address'), 1, 30), w.status,
        case when w.status = 'Rejected' then 'Address could not be verified' end, h.id, w.request_date, w.decided_at, case when w.decided_at is not null then ${admin} end
      from seed_withdrawals w join ledger_holds h on h.purpose = 'withdrawal' and h.reference = w.id`],
  ];
}

/** Runs one part of the plan in one transaction; answers each step's seconds. */
export async function seed(pool: pg.Pool, planSql: string, part: 'users' | 'money', adminId: string, passwordHash: string): Promise<Record<string, number>> {
  const client = await pool.connect();
  const steps: Record<string, number> = {};
  try {
    await client.query('begin');
    // Big sorts and hash joins in memory rather than on disk.
    await client.query("set local work_mem = '256MB'");
    for (const [step, statement] of seedStatements(planSql, part, adminId, passwordHash)) {
      const started = performance.now();
      await client.query(statement);
      // Temp tables have no statistics until analyzed, and the joins below would be planned blind.
      const created = /create temp table (\w+)/.exec(statement)?.[1];
      if (created) await client.query(`analyze ${created}`);
      steps[step] = seconds(started);
    }
    const started = performance.now();
    // The deferred trigger checks every posted journal's balance here.
    await client.query('commit');
    steps.commit = seconds(started);
    return steps;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
