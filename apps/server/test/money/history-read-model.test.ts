import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { HISTORY_TYPES, type HistoryType } from '@app/shared';
import { adjustBalance, adjustFees, adjustProfit, creditReferralBonus } from '../../src/ledger';
import { historyRows, transactionHistoryPage } from '../../src/services/history/history';
import { findSessionWithHistoryState } from '../../src/services/history/page-cache';
import { getSettings, putSettings } from '../../src/services/platform/settings';
import { buildTestApp, type TestApp, type TestUser } from '../helpers/build-test-app';
import { HISTORY_SOURCES, historyPage, oracleHistory } from './history-oracle';

/**
 * The history read model (history_entries, kept by triggers) against the old per-source
 * rendering in JS (history-oracle.ts): random writes to the source tables, then every page,
 * filter and the CSV's fields must be identical, byte for byte.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await putSettings(t.database.db, { explorerTxUrl: 'https://scan.example/tx/{hash}?q={hash}' }, null);
});
afterAll(async () => {
  await t.close();
});

// Few distinct instants (with microseconds) so that items tie on time and the order falls to type and id.
const at = fc.constantFrom('2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000999Z', '2026-01-01T00:00:00.123456Z', '2026-03-04T05:06:07.089999Z', '1999-12-31T23:59:59.999999Z');
const cents = fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 900_000_000_000_000 }));
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('a"b\\c', 'line\nbreak\t\u0001', 'é ü 日本 🙂', '=HYPERLINK("x")', '</script>'));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const hash = maybe(fc.constantFrom('', '0xabc123', 'a b/c?d=é', 'f'.repeat(64)));
const asset = fc.constantFrom('BTC', 'USDT', 'ETH');
const id = fc.constantFrom('a', 'B', 'b', '_x', 'Z9', 'a-1', 'ä');

type Op =
  | { op: 'payment'; user: number; id: string; cents: number; asset: string | null; hash: string | null; status: string; notes: string | null; source: string; at: string }
  | { op: 'withdrawal'; user: number; id: string; cents: number; fee: number; asset: string; address: string; status: string; notes: string | null; hash: string | null; block: number | null; verified: boolean; at: string }
  | {
      op: 'investment';
      user: number;
      id: string;
      cents: number;
      roi: number;
      status: string;
      profit: number | null;
      kind: string;
      endReason: string | null;
      plan: string;
      created: string;
      start: string | null;
      end: string | null;
    }
  | { op: 'adjust'; user: number; kind: 'balance' | 'profit' | 'fee' | 'referral'; cents: number; reason: string; at: string };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('payment' as const),
    user: fc.nat(1),
    id,
    cents,
    asset: fc.oneof(fc.constant(null), fc.constant(''), asset),
    hash,
    status: fc.constantFrom('Pending', 'Confirmed', 'Rejected'),
    notes: maybe(text),
    source: fc.constantFrom('reported', 'chain'),
    at,
  }),
  fc.record({
    op: fc.constant('withdrawal' as const),
    user: fc.nat(1),
    id,
    cents,
    fee: fc.integer({ min: 0, max: 10_000 }),
    asset,
    address: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')),
    status: fc.constantFrom('Pending', 'Approved', 'Rejected'),
    notes: maybe(text),
    hash,
    block: maybe(fc.integer({ min: 0, max: 2 ** 40 })),
    verified: fc.boolean(),
    at,
  }),
  fc.record({
    op: fc.constant('investment' as const),
    user: fc.nat(1),
    id,
    cents,
    roi: fc.integer({ min: 0, max: 100_000 }),
    status: fc.constantFrom('Pending', 'Active', 'Ended', 'Rejected'),
    profit: maybe(fc.integer({ min: 0, max: 10_000_000 })),
    kind: fc.constantFrom('new', 'upgrade'),
    endReason: fc.constantFrom(null, 'upgraded', 'matured'),
    plan: text,
    created: at,
    start: maybe(at),
    end: maybe(at),
  }),
  fc.record({
    op: fc.constant('adjust' as const),
    user: fc.nat(1),
    kind: fc.constantFrom('balance' as const, 'profit' as const, 'fee' as const, 'referral' as const),
    cents: fc.integer({ min: 1, max: 50_000 }),
    reason: text.filter((value) => value.trim().length > 0),
    at,
  }),
);

let serial = 0;

async function apply(userIds: string[], step: Op): Promise<void> {
  const db = t.database.db;
  const userId = userIds[step.user]!;
  // Ids are reused across runs (and within one: a repeat is an update of the same row).
  const rowId = `${step.op === 'adjust' ? '' : step.id}-${userId}`;
  if (step.op === 'payment') {
    await db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, asset, tx_hash, status, notes, source, created_at)
      values (${rowId}, ${`DEP-${rowId}`}, ${userId}, ${step.cents}, ${step.asset}, ${step.hash}, ${step.status}, ${step.notes}, ${step.source}, ${step.at}::timestamptz)
      on conflict (id) do update set amount_cents = excluded.amount_cents, asset = excluded.asset, tx_hash = excluded.tx_hash, status = excluded.status,
        notes = excluded.notes, source = excluded.source, created_at = excluded.created_at`);
  } else if (step.op === 'withdrawal') {
    // Payout hashes are unique across withdrawals (case-insensitively).
    await db.execute(sql`insert into withdrawals (id, user_id, amount_cents, fee_cents, asset, wallet_address, status, notes, hold_id, request_date, payout_tx_hash, payout_block_number, payout_verified_at)
      values (${rowId}, ${userId}, ${step.cents}, ${step.fee}, ${step.asset}, ${step.address}, ${step.status}, ${step.notes}, 0, ${step.at}::timestamptz,
        ${step.hash === null ? null : `${step.hash}${(serial += 1)}`}, ${step.block}, ${step.verified ? sql`now()` : sql`null`})
      on conflict (id) do update set amount_cents = excluded.amount_cents, fee_cents = excluded.fee_cents, asset = excluded.asset, wallet_address = excluded.wallet_address,
        status = excluded.status, notes = excluded.notes, request_date = excluded.request_date, payout_tx_hash = excluded.payout_tx_hash,
        payout_block_number = excluded.payout_block_number, payout_verified_at = excluded.payout_verified_at`);
  } else if (step.op === 'investment') {
    await db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status, profit_cents, kind, end_reason, created_at, start_date, end_date)
      values (${rowId}, ${`INV-${rowId}`}, ${userId}, 'plan-x', ${step.plan}, ${step.roi}, 86400, ${step.cents}, ${step.status}, ${step.profit}, ${step.kind}, ${step.endReason},
        ${step.created}::timestamptz, ${step.start}::timestamptz, ${step.end}::timestamptz)
      on conflict (id) do update set plan_name = excluded.plan_name, roi_basis_points = excluded.roi_basis_points, amount_cents = excluded.amount_cents, status = excluded.status,
        profit_cents = excluded.profit_cents, kind = excluded.kind, end_reason = excluded.end_reason, created_at = excluded.created_at,
        start_date = excluded.start_date, end_date = excluded.end_date`);
  } else {
    const when = new Date(step.at);
    await db.transaction(async (tx) => {
      const input = { userId, operation: 'add' as const, amountCents: step.cents, reason: step.reason, actorId: null, at: when };
      if (step.kind === 'balance') await adjustBalance(tx, input);
      else if (step.kind === 'profit') await adjustProfit(tx, input);
      else if (step.kind === 'fee') {
        // A fee is charged from the wallet: fund it first (that journal is an item too).
        await adjustBalance(tx, input);
        await adjustFees(tx, input);
      } else {
        serial += 1;
        await creditReferralBonus(tx, { referrerId: userId, referredUserId: `referred-${serial}-${userId}`, amountCents: step.cents, at: when });
      }
    });
  }
}

/**
 * Walks both histories page by page, each with its own cursors (their encodings differ). With
 * `signedIn`, the new one is read as the route reads it: with the history state read with the
 * session, so pages rendered earlier at that version come from memory (ADR 0023).
 */
async function expectSameHistory(userId: string, query: { type?: HistoryType; status?: string; limit: number }, signedIn?: TestUser) {
  const { explorerTxUrl } = await getSettings(t.database.db);
  let oldCursor: string | undefined;
  let newCursor: string | undefined;
  for (let pages = 0; pages < 100; pages += 1) {
    const expected = await oracleHistory(t.database.db, explorerTxUrl, { userId, ...query, cursor: oldCursor });
    const state = signedIn ? (await findSessionWithHistoryState(t.app.deps, signedIn.token))!.data : undefined;
    const actual = JSON.parse((await transactionHistoryPage(t.app.deps, { userId, ...query, cursor: newCursor }, state, null)).body.toString()) as typeof expected;
    // Byte for byte, key order included.
    expect(JSON.stringify(actual.history)).toBe(JSON.stringify(expected.history));
    expect(actual.nextCursor === null).toBe(expected.nextCursor === null);
    // The CSV's columns.
    const entries = (await historyPage(t.database.db, HISTORY_SOURCES, { userId, ...query, cursor: oldCursor })).entries;
    const rows = (await historyRows(t.database.db, { userId, ...query, cursor: newCursor })).rows;
    expect(rows.map((row) => [row.at, row.type, row.reference, row.description, row.status, row.amount])).toEqual(
      entries.map((entry) => [
        entry.at.toISOString(),
        entry.type,
        entry.fields.transactionId ?? entry.fields.investmentId ?? entry.fields._id,
        entry.description,
        entry.status,
        entry.fields.amount,
      ]),
    );
    if (!expected.nextCursor || !actual.nextCursor) return;
    oldCursor = expected.nextCursor;
    newCursor = actual.nextCursor;
  }
}

describe('history read model', () => {
  it('renders every page, filter and CSV field exactly as the per-source JS rendering did', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), fc.constantFrom(1, 2, 7, 50), fc.constantFrom(...HISTORY_TYPES), async (ops, limit, type) => {
        const users = [await t.createUser(), await t.createUser()];
        const userIds = users.map((user) => user.user.id);
        for (const step of ops) await apply(userIds, step);
        for (const userId of userIds) {
          await expectSameHistory(userId, { limit });
          await expectSameHistory(userId, { limit, type });
          await expectSameHistory(userId, { limit: 3, status: 'Pending' });
          await expectSameHistory(userId, { limit: 100, type: 'Investment', status: 'Ended' });
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it('answers from memory only what the database answers: every page read again after every write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), fc.constantFrom(2, 7), async (ops, limit) => {
        const users = [await t.createUser(), await t.createUser()];
        const userIds = users.map((user) => user.user.id);
        for (const step of ops) {
          await apply(userIds, step);
          for (const user of users) {
            await expectSameHistory(user.user.id, { limit }, user);
            await expectSameHistory(user.user.id, { limit: 3, status: 'Pending' }, user);
          }
        }
      }),
      { numRuns: 8 },
    );
  }, 300_000);

  it('answers the links of the explorer setting in force, whatever was rendered before', async () => {
    const user = await t.createUser();
    await apply([user.user.id], { op: 'payment', user: 0, id: 'linked', cents: 100, asset: 'USDT', hash: '0xabc', status: 'Pending', notes: null, source: 'reported', at: '2026-01-01T00:00:00.000000Z' });
    await expectSameHistory(user.user.id, { limit: 5 }, user);
    await putSettings(t.database.db, { explorerTxUrl: 'https://other.example/{hash}' }, null);
    try {
      await expectSameHistory(user.user.id, { limit: 5 }, user);
    } finally {
      await putSettings(t.database.db, { explorerTxUrl: 'https://scan.example/tx/{hash}?q={hash}' }, null);
    }
  });

  it('follows deletes of a source row', async () => {
    const user = await t.createUser();
    await apply([user.user.id], { op: 'payment', user: 0, id: 'gone', cents: 100, asset: null, hash: null, status: 'Pending', notes: null, source: 'reported', at: '2026-01-01T00:00:00.000000Z' });
    expect((await historyRows(t.database.db, { userId: user.user.id, limit: 10 })).rows).toHaveLength(1);
    await t.database.db.execute(sql`delete from payments where user_id = ${user.user.id}`);
    expect((await historyRows(t.database.db, { userId: user.user.id, limit: 10 })).rows).toHaveLength(0);
  });
});
