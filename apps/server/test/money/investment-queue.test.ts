import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCents, investmentViewSchema, pendingInvestmentListSchema, type InvestmentView } from '@app/shared';
import { investments, users } from '../../src/db/schema';
import { getUserBalances } from '../../src/ledger';
import { investmentView } from '../../src/services/invest/investments';
import { useTestApp, useUser } from '../helpers/build-test-app';
import { investHelpers } from '../helpers/invest-calls';

/**
 * The pending investments queue is written as JSON text by its statement (ADR 0019). Each page
 * must be, byte for byte, what the page built in JS sent: every pending investment in order read
 * with Drizzle, made a view by investmentView with its requester's figures from getUserBalances,
 * the page passed through the schema and stringified, the cursor the last case's instant and id.
 */
const t = useTestApp();
const staff = useUser(t, { role: 'admin' });
const { investor, invest, startActive } = investHelpers(t, staff);

/** Every page of the queue, `limit` cases a page, as the JS build wrote it. */
async function expectedPages(limit: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ investment: investments, owner: { id: users.id, name: users.name, email: users.email }, at: sql<string>`${investments.createdAt}::text` })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .where(eq(investments.status, 'Pending'))
    .orderBy(asc(investments.createdAt), asc(investments.id));
  const views: InvestmentView[] = [];
  for (const { investment, owner } of rows) {
    const balances = await getUserBalances(t.database.db, owner.id);
    views.push(
      investmentView(investment, {
        _id: owner.id,
        name: owner.name,
        email: owner.email,
        balance: formatCents(balances.balanceCents),
        availableBalance: formatCents(balances.availableCents),
      }),
    );
  }
  const pages: string[] = [];
  for (let start = 0; start === 0 || start < rows.length; start += limit) {
    const end = Math.min(start + limit, rows.length);
    const last = rows[end - 1];
    const nextCursor = end < rows.length && last ? Buffer.from(JSON.stringify([last.at, last.investment.id])).toString('base64url') : null;
    pages.push(JSON.stringify(pendingInvestmentListSchema.parse({ pendingInvestments: views.slice(start, end), nextCursor })));
  }
  return pages;
}

/** Every page of the queue as the server sends it, following its cursors. */
async function servedPages(limit: number | undefined): Promise<string[]> {
  const pages: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams();
    if (limit) query.set('limit', String(limit));
    if (cursor) query.set('cursor', cursor);
    const response = await t.app.inject({ method: 'GET', url: `/api/invest/adminPendingInvestment?${query}`, headers: staff.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    pages.push(response.body);
    cursor = response.json<{ nextCursor: string | null }>().nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

const insertInvestment = (values: {
  id: string;
  userId: string;
  amountCents: number;
  roiBasisPoints?: number;
  at: string;
  profitCents?: number | null;
  upgrade?: { from: string; topUpCents: number };
  ended?: { start: string; end: string; endedAt: string; upgradedTo: string };
}) =>
  t.database.db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status,
      profit_cents, kind, upgrade_from_id, top_up_cents, upgraded_to_id, end_reason, created_at, start_date, end_date, ended_at)
    values (${values.id}, ${`INV-${values.id}`}, ${values.userId}, 'plan "q"', ${'Plan \\ "quoted" \u2028 😀'}, ${values.roiBasisPoints ?? 800}, 86400, ${values.amountCents}, 'Pending',
      ${values.profitCents ?? null}, ${values.upgrade ? 'upgrade' : 'new'}, ${values.upgrade?.from ?? null}, ${values.upgrade?.topUpCents ?? 0},
      ${values.ended?.upgradedTo ?? null}, ${values.ended ? 'upgraded' : null}, ${values.at}::timestamptz,
      ${values.ended?.start ?? null}::timestamptz, ${values.ended?.end ?? null}::timestamptz, ${values.ended?.endedAt ?? null}::timestamptz)`);

describe('pending investments queue written by its statement', () => {
  it('sends every page as the JS build did: amounts, rates, profits, upgrades, instants, nulls, figures, cursors', async () => {
    // Requests made the real way: figures with cents in the wallet and held accounts, an upgrade with a top-up.
    const saver = await investor(1_234_567);
    expect((await invest(saver, { amount: '123.45', planName: 'Basic' })).statusCode).toBe(201);
    const active = await startActive(saver, '150.01', 'Basic');
    const upgrade = await t.app.inject({ method: 'POST', url: `/api/invest/${active._id}/upgrade`, headers: saver.headers, payload: { planName: 'Standard', topUp: '50.99' } });
    expect(upgrade.statusCode).toBe(201);
    expect((await invest(saver, { amount: '700.07', planName: 'Executive' })).statusCode).toBe(201);

    // Written directly: an owner without accounts and a name to escape, amounts from 0 to 11 digits,
    // ties on the cent (half-even), rates of one basis point to 99.99 %, a recorded profit, dates
    // set, instants to the microsecond, tied ones and one before 2000.
    const owner = await t.createUser();
    await t.database.db.execute(sql`update users set name = ${'Quote " back\\slash \u0001 \u2028 😀'} where id = ${owner.user.id}`);
    const id = owner.user.id;
    const cases: Array<Parameters<typeof insertInvestment>[0]> = [
      { id: `${id}-00`, userId: id, amountCents: 0, at: '1999-12-31T23:59:59.9999Z' },
      { id: `${id}-01`, userId: id, amountCents: 1, roiBasisPoints: 1, at: '2026-01-01T00:00:00.000001Z' },
      { id: `${id}-02`, userId: id, amountCents: 5, roiBasisPoints: 1_000, at: '2026-01-01T00:00:00.000002Z' },
      { id: `${id}-03`, userId: id, amountCents: 15, roiBasisPoints: 1_000, at: '2026-01-01T00:00:00.000002Z' },
      { id: `${id}-04`, userId: id, amountCents: 25, roiBasisPoints: 1_000, at: '2026-01-01T00:00:00.000002Z' },
      { id: `${id}-05`, userId: id, amountCents: 99_999_999_999, roiBasisPoints: 9_999, at: '2026-01-02T00:00:00Z' },
      { id: `${id}-06`, userId: id, amountCents: 12_345, roiBasisPoints: 333, at: '2026-01-02T00:00:00.5Z', profitCents: 7 },
      { id: `${id}-07`, userId: id, amountCents: 20_050, roiBasisPoints: 1_250, at: '2026-01-03T10:11:12.123456Z', profitCents: 0 },
      { id: `${id}-08`, userId: id, amountCents: 30_001, roiBasisPoints: 5, at: '2026-01-03T10:11:12.123456Z', upgrade: { from: `${id}-07`, topUpCents: 101 } },
      {
        id: `${id}-09`,
        userId: id,
        amountCents: 10_000,
        roiBasisPoints: 10,
        at: '2026-01-04T00:00:00Z',
        ended: { start: '2026-01-04T01:00:00.000999Z', end: '2026-01-05T01:00:00Z', endedAt: '2026-01-04T13:00:00.1Z', upgradedTo: `${id}-08` },
      },
    ];
    for (const item of cases) await insertInvestment(item);
    // More than a default page of 50.
    const bulk = await t.createUser();
    await t.database.db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status, created_at)
      select ${bulk.user.id} || '-' || lpad(n::text, 3, '0'), 'INV-' || ${bulk.user.id} || '-' || n, ${bulk.user.id}, 'p', 'Plan', 100 + n, 3600, 1000 + n * 37, 'Pending',
        '2026-02-01T00:00:00Z'::timestamptz + (n % 7) * interval '1 microsecond'
      from generate_series(1, 55) n`);

    const first = (await expectedPages(500))[0]!;
    const parsed = JSON.parse(first) as { pendingInvestments: Array<InvestmentView & { user: Record<string, unknown> }> };
    expect(parsed.pendingInvestments).toHaveLength(68);
    expect(cases).toHaveLength(10);
    // The reference names every field of the schema, so a field dropped by the statement is a difference.
    expect(Object.keys(parsed.pendingInvestments[0]!)).toEqual(Object.keys(investmentViewSchema.shape));
    expect(Object.keys(parsed.pendingInvestments[0]!.user)).toEqual(['_id', 'name', 'email', 'balance', 'availableBalance']);
    expect(first).toContain('"amount":"999999999.99"');
    expect(first).toContain('"kind":"upgrade"');
    expect(first).toContain('"endReason":"upgraded"');
    expect(first).toContain('"roiPercent":0.05');

    for (const limit of [undefined, 500, 7, 2]) {
      const expected = await expectedPages(limit ?? 50);
      // 68 cases: one page of 500, several of the others.
      expect(expected).toHaveLength(limit === 500 ? 1 : Math.ceil(68 / (limit ?? 50)));
      expect(await servedPages(limit)).toEqual(expected);
    }
  });

  it('refuses an instant a Date cannot write, as the page read through Dates did', async () => {
    const owner = await t.createUser();
    await insertInvestment({ id: `${owner.user.id}-far`, userId: owner.user.id, amountCents: 1, at: '2026-01-01T00:00:00Z', ended: { start: '10000-01-01T00:00:00Z', end: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:00:00Z', upgradedTo: 'x' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/invest/adminPendingInvestment?limit=500', headers: staff.headers })).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`delete from investments where id = ${`${owner.user.id}-far`}`);
    }
  });
});
