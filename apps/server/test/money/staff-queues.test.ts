import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pendingInvestmentListSchema, pendingKycListSchema, pendingPaymentListSchema, pendingWithdrawalListSchema, userListResponseSchema } from '@app/shared';
import { users } from '../../src/db/schema';
import { putSettings } from '../../src/services/platform/settings';
import { buildTestApp, type TestApp, type TestUser } from '../helpers/build-test-app';

/**
 * Staff queues in keyset pages (ADR 0019): 50 a page unless `limit` says otherwise, the rest
 * reached through the cursor, every case once, oldest first, even when cases share an instant
 * to the microsecond (a Date keeps only milliseconds).
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const AT = ['2026-01-01T00:00:00.000001Z', '2026-01-01T00:00:00.000002Z', '2026-01-01T00:00:00.000002Z', '2026-01-02T00:00:00Z'];

async function seed(count: number): Promise<string[]> {
  const user = await t.createUser();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = `${user.user.id}-${String(i).padStart(3, '0')}`;
    const at = AT[i % AT.length]!;
    ids.push(id);
    await t.database.db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, status, created_at) values (${id}, ${`DEP-${id}`}, ${user.user.id}, 100, 'Pending', ${at}::timestamptz)`);
    await t.database.db.execute(sql`insert into withdrawals (id, user_id, amount_cents, asset, wallet_address, status, hold_id, request_date) values (${id}, ${user.user.id}, 100, 'USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Pending', 0, ${at}::timestamptz)`);
    await t.database.db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status, created_at)
      values (${id}, ${`INV-${id}`}, ${user.user.id}, 'p', 'Plan', 800, 86400, 100, 'Pending', ${at}::timestamptz)`);
  }
  return ids;
}

/** Every page of a queue: the ids in order and the page sizes. */
async function walk(path: string, limit: number | undefined, pick: (response: { json(): unknown; headers: Record<string, unknown> }) => { ids: string[]; next: string | null }) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const query = new URLSearchParams();
    if (limit) query.set('limit', String(limit));
    if (cursor) query.set('cursor', cursor);
    const response = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const page = pick(response);
    ids.push(...page.ids);
    sizes.push(page.ids.length);
    if (!page.next) break;
    cursor = page.next;
  }
  return { ids, sizes };
}

const queues = {
  deposits: ['/api/payments/pending-deposit', (response: { json(): unknown; headers: Record<string, unknown> }) => ({
    ids: (response.json() as Array<{ _id: string }>).map((item) => item._id),
    next: (response.headers['x-next-cursor'] as string | undefined) ?? null,
  })],
  withdrawals: ['/api/withDraw/pending', (response: { json(): unknown }) => {
    const body = response.json() as { withdrawals: Array<{ _id: string }>; nextCursor: string | null };
    return { ids: body.withdrawals.map((item) => item._id), next: body.nextCursor };
  }],
  investments: ['/api/invest/adminPendingInvestment', (response: { json(): unknown }) => {
    const body = response.json() as { pendingInvestments: Array<{ _id: string }>; nextCursor: string | null };
    return { ids: body.pendingInvestments.map((item) => item._id), next: body.nextCursor };
  }],
} as const;

describe('staff queues', () => {
  it.each(Object.keys(queues))('pages the %s queue by cursor, each case once, oldest first', async (name) => {
    const [path, pick] = queues[name as keyof typeof queues];
    const ids = await seed(7);
    const small = await walk(path, 2, pick);
    // Ties on the instant go by id; the seeded ids sort by their index.
    expect(small.ids.filter((id) => ids.includes(id))).toEqual([0, 4, 1, 2, 5, 6, 3].map((i) => ids[i]!));
    expect(new Set(small.ids).size).toBe(small.ids.length);
    expect(small.sizes.slice(0, -1).every((size) => size === 2)).toBe(true);
    expect((await walk(path, 500, pick)).ids).toEqual(small.ids);
  });

  it('pages the KYC queue by cursor, each case once, oldest first', async () => {
    // One pending submission per owner; ids that sort by their index, instants tied as above.
    const run = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const owner = await t.createUser();
      const id = `${run}-${i}`;
      ids.push(id);
      await t.database.db.execute(sql`insert into kyc_submissions (id, user_id, front_key, back_key, front_mime, back_mime, front_size, back_size, submitted_at)
        values (${id}, ${owner.user.id}, 'k1', 'k2', 'image/png', 'image/png', 1, 1, ${AT[i % AT.length]!}::timestamptz)`);
    }
    const pick = (response: { json(): unknown }) => {
      const body = response.json() as { pendingUsers: Array<{ submissionId: string }>; nextCursor: string | null };
      return { ids: body.pendingUsers.map((item) => item.submissionId), next: body.nextCursor };
    };
    const small = await walk('/api/users/kyc/pending', 2, pick);
    expect(small.ids.filter((id) => ids.includes(id))).toEqual([0, 4, 1, 2, 5, 6, 3].map((i) => ids[i]!));
    expect(new Set(small.ids).size).toBe(small.ids.length);
    expect((await walk('/api/users/kyc/pending', 500, pick)).ids).toEqual(small.ids);
  });

  it('answers 50 cases a page unless asked, and refuses a bad cursor or limit', async () => {
    await seed(60);
    for (const [path, pick] of Object.values(queues)) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: admin.headers });
      const page = pick(response);
      expect(page.ids).toHaveLength(50);
      expect(page.next).toEqual(expect.any(String));
      for (const query of ['cursor=garbage', `cursor=${Buffer.from('["x","y"]').toString('base64url')}`, 'limit=0', 'limit=501']) {
        const bad = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: admin.headers });
        expect(bad.statusCode).toBe(400);
      }
    }
    const kyc = await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending?limit=1', headers: admin.headers });
    expect(kyc.json()).toMatchObject({ pendingUsers: expect.any(Array) });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending?cursor=garbage', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('staff queue and list answers', () => {
  // The queues and the users list send their pages without the schema's pass
  // (plugins/response-serializer.ts sendJsonText): each must be what that pass
  // would have written, byte for byte.
  it.each([
    ['/api/payments/pending-deposit', pendingPaymentListSchema],
    ['/api/withDraw/pending', pendingWithdrawalListSchema],
    ['/api/invest/adminPendingInvestment', pendingInvestmentListSchema],
    ['/api/users/kyc/pending', pendingKycListSchema],
    ['/api/users/getUsers', userListResponseSchema],
    [`/api/users/getUsers?search=${encodeURIComponent('back\\slash')}`, userListResponseSchema],
  ] as Array<[string, z.ZodType]>)('%s answers what its schema writes', async (path, schema) => {
    const [id] = await seed(3);
    const owner = await t.createUser();
    // Text JSON escapes: quotes, backslashes, control characters, a line separator, an emoji.
    await t.database.db.execute(sql`update users set name = ${'Quote " back\\slash \u0001 \u2028 😀'}, phone = ${'+1 "555"'}, last_login_at = now()
      where id in (${owner.user.id}, (select user_id from payments where id = ${id!}))`);
    await t.database.db.execute(sql`update withdrawals set notes = ${'a\nnote "quoted"'} where id = ${id!}`);
    await t.database.db.execute(sql`insert into approval_requests (id, kind, user_id, withdrawal_id, amount_cents, reason, requested_by)
      values (${randomUUID()}, 'withdrawal', ${owner.user.id}, ${id!}, 100, 'big', ${admin.user.id})`);
    for (const [status, at] of [['Rejected', '2025-12-31T23:59:59.999999Z'], ['Pending', AT[1]!]] as const) {
      await t.database.db.execute(sql`insert into kyc_submissions (id, user_id, front_key, back_key, front_mime, back_mime, front_size, back_size, front_name, status, reason, submitted_at)
        values (${randomUUID()}, ${owner.user.id}, 'k1', 'k2', 'image/png', 'application/pdf', 1, 1, ${'passport "front".png'}, ${status}, ${'blurry\tphoto'}, ${at}::timestamptz)`);
    }
    const response = await t.app.inject({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}limit=500`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body.length).toBeGreaterThan(100);
    expect(response.body).toBe(JSON.stringify(schema.parse(JSON.parse(response.body))));
  });
});

describe('deposit and withdrawal queues written by their statements', () => {
  // Each case as the queue writes it (db/json-text.ts and the server's completion) against the
  // same case answered alone, built in JS and sent through the schema's pass.
  it('writes each case as its own page does: amounts, instants, notes, payouts, approvals, settings', async () => {
    await putSettings(t.database.db, { explorerTxUrl: '  https://explorer.example.com/tx/{hash}?q=1  ', fourEyesThresholdCents: 150 }, null);
    const owner = await t.createUser();
    await t.database.db.execute(sql`update users set name = ${'Quote " back\\slash \u0001 \u2028 😀'} where id = ${owner.user.id}`);
    const id = owner.user.id;
    const cases = [
      { amount: 0, fee: 0, at: '1999-12-31T23:59:59.9999Z', hash: null, notes: null },
      { amount: 1, fee: 0, at: '2026-01-01T00:00:00.000001Z', hash: '0xABCdef', notes: 'a\nnote "quoted" \u2028' },
      { amount: 99_999_999_999, fee: 101, at: '2026-01-01T00:00:00Z', hash: 'BTC hash/with?chars', notes: '' },
      { amount: 12_345, fee: 345, at: '2026-01-05T11:00:00.5Z', hash: null, notes: null },
    ];
    for (const [index, item] of cases.entries()) {
      await t.database.db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, asset, tx_hash, notes, status, created_at)
        values (${`${id}-p${index}`}, ${`DEP-${id}-${index}`}, ${id}, ${item.amount}, ${index === 2 ? 'BTC' : null}, ${item.hash}, ${item.notes}, 'Pending', ${item.at}::timestamptz)`);
      await t.database.db.execute(sql`insert into withdrawals (id, user_id, amount_cents, fee_cents, asset, wallet_address, status, hold_id, request_date, notes, payout_tx_hash, payout_chain_id, payout_block_number, payout_verified_at)
        values (${`${id}-w${index}`}, ${id}, ${item.amount}, ${item.fee}, ${index === 2 ? 'BTC' : 'USDT'}, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Pending', 0, ${item.at}::timestamptz, ${item.notes},
          ${item.hash}, ${item.hash ? 31_337 : null}, ${item.hash ? 9_007_199_254_740_991 : null}, ${index === 1 ? sql`now()` : null})`);
    }
    await t.database.db.execute(sql`insert into approval_requests (id, kind, user_id, withdrawal_id, amount_cents, reason, requested_by)
      values (${randomUUID()}, 'withdrawal', ${id}, ${`${id}-w2`}, 99999999999, 'big "one"', ${admin.user.id})`);
    // One clock for both reads (ageHours); past two business days for all but the last case.
    t.clock.set(new Date('2026-01-05T12:00:00Z'));
    try {
      const deposits = (await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit?limit=500', headers: admin.headers })).body;
      const withdrawals = (await t.app.inject({ method: 'GET', url: '/api/withDraw/pending?limit=500', headers: admin.headers })).body;
      for (const index of cases.keys()) {
        const deposit = await t.app.inject({ method: 'GET', url: `/api/payments/viewPaymentStatus/DEP-${id}-${index}`, headers: admin.headers });
        expect(deposit.statusCode).toBe(200);
        expect(deposits).toContain(`${deposit.body}`);
        const withdrawal = await t.app.inject({ method: 'GET', url: `/api/withDraw/get-withdrawal/${id}-w${index}`, headers: admin.headers });
        expect(withdrawal.statusCode).toBe(200);
        expect(withdrawals).toContain(withdrawal.body);
      }
      expect(withdrawals).toContain('"secondApproval":{');
      expect(withdrawals).toContain('"explorerUrl":"https://explorer.example.com/tx/0xABCdef?q=1"');
      expect(withdrawals).toContain('"overdue":false');
    } finally {
      t.clock.reset();
      await putSettings(t.database.db, { explorerTxUrl: '', fourEyesThresholdCents: 100_000 }, null);
    }
  });

  it('refuses an instant a Date cannot write, as the page read through Dates did', async () => {
    const owner = await t.createUser();
    await t.database.db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, status, created_at)
      values (${`${owner.user.id}-far`}, ${`DEP-${owner.user.id}-far`}, ${owner.user.id}, 1, 'Pending', '10000-01-01 00:00:00+00')`);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit?limit=500', headers: admin.headers })).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`delete from payments where id = ${`${owner.user.id}-far`}`);
    }
  });
});

describe('staff users list', () => {
  const PATH = '/api/users/getUsers';
  const pick = (response: { json(): unknown }) => {
    const body = response.json() as { users: Array<{ _id: string }>; nextCursor: string | null };
    return { ids: body.users.map((user) => user._id), next: body.nextCursor };
  };
  /** Every live user as the list orders them: newest first, ties on the instant by id, descending. */
  const everyUser = async () => {
    const rows = await t.database.db.select({ id: users.id }).from(users).where(isNull(users.deletedAt)).orderBy(desc(users.createdAt), desc(users.id));
    return rows.map((row) => row.id);
  };
  const insertUsers = async (prefix: string, count: number, at: (i: number) => string) => {
    for (let i = 0; i < count; i += 1) {
      const id = `${prefix}-${String(i).padStart(3, '0')}`;
      await t.database.db.execute(sql`insert into users (id, name, email, referral_code, created_at) values (${id}, ${`Listed ${id}`}, ${`${id}@example.com`}, ${id}, ${at(i)}::timestamptz)`);
    }
  };

  it('pages every user exactly once, newest first, 50 a page unless asked', async () => {
    await insertUsers(`walk${Date.now()}`, 61, (i) => AT[i % AT.length]!);
    const expected = await everyUser();
    const small = await walk(PATH, 7, pick);
    expect(small.ids).toEqual(expected);
    expect(small.sizes.slice(0, -1).every((size) => size === 7)).toBe(true);
    const byDefault = await walk(PATH, undefined, pick);
    expect(byDefault.ids).toEqual(expected);
    expect(byDefault.sizes[0]).toBe(50);
    for (const query of ['cursor=garbage', 'limit=0', 'limit=501']) {
      expect((await t.app.inject({ method: 'GET', url: `${PATH}?${query}`, headers: admin.headers })).statusCode).toBe(400);
    }
  });

  it('keeps its order while users are added between pages: none shifts, repeats or is skipped', async () => {
    const marker = `stable${Date.now()}`;
    const mine = async () => (await everyUser()).filter((id) => id.startsWith(marker));
    await insertUsers(`${marker}-old`, 12, (i) => AT[i % AT.length]!);
    const before = await mine();
    const page = async (cursor: string | null) =>
      pick(await t.app.inject({ method: 'GET', url: `${PATH}?search=${marker}&limit=5${cursor ? `&cursor=${cursor}` : ''}`, headers: admin.headers }));
    const first = await page(null);
    // The first page ends inside the six users sharing one instant to the microsecond.
    expect(first.ids).toEqual(before.slice(0, 5));
    expect(first.ids.at(-1)).toBe(`${marker}-old-009`);
    // Added now: some sort before the cursor (newer, or the same instant and a greater id), some after it.
    await insertUsers(`${marker}-new`, 2, () => new Date().toISOString());
    await insertUsers(`${marker}-late`, 4, (i) => AT[i % AT.length]!);
    await insertUsers(`${marker}-old-0095`, 1, () => AT[1]!);
    await insertUsers(`${marker}-old-0085`, 1, () => AT[1]!);
    const ids = [...first.ids];
    for (let cursor = first.next; cursor; ) {
      const next = await page(cursor);
      ids.push(...next.ids);
      cursor = next.next;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => before.includes(id))).toEqual(before);
    const beforeCursor = [`${marker}-new-000`, `${marker}-new-001`, `${marker}-late-003`, `${marker}-old-0095-000`];
    expect(ids).toEqual((await mine()).filter((id) => !beforeCursor.includes(id)));
    expect(ids).toContain(`${marker}-old-0085-000`);
    expect(ids).toContain(`${marker}-late-001`);
  });
});
