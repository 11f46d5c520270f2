import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../helpers/build-test-app';
import { ledgerJournals, ledgerPostings } from '../../src/db/schema';
import {
  adjustBalance,
  adjustFees,
  adjustProfit,
  creditDeposit,
  creditMaturity,
  creditReferralBonus,
  getUserBalances,
  holdForInvestment,
  holdForWithdrawal,
  postJournal,
  releaseInvestmentHold,
  releaseWithdrawalHold,
  settleInvestment,
  settleWithdrawal,
  verifyLedger,
} from '../../src/ledger';

const t = useTestApp();

const db = () => t.database.db;

describe('ledger primitives', () => {
  it('starts at zero and credits deposits', async () => {
    const { user } = await t.createUser();
    expect(await getUserBalances(db(), user.id)).toEqual({ balanceCents: 0, availableCents: 0, investedCents: 0, totalProfitCents: 0, feesCents: 0 });
    await db().transaction((tx) => creditDeposit(tx, { userId: user.id, paymentId: 'p1', transactionId: 'DEP-1', amountCents: 10_000, actorId: null }));
    expect(await getUserBalances(db(), user.id)).toMatchObject({ balanceCents: 10_000, availableCents: 10_000 });
    // The same payment never credits twice.
    await expect(
      db().transaction((tx) => creditDeposit(tx, { userId: user.id, paymentId: 'p1', transactionId: 'DEP-1', amountCents: 10_000, actorId: null })),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await getUserBalances(db(), user.id)).balanceCents).toBe(10_000);
  });

  it('holds, settles and releases withdrawals and investments exactly once', async () => {
    const { user } = await t.createUser();
    await db().transaction((tx) => creditDeposit(tx, { userId: user.id, paymentId: `p-${user.id}`, transactionId: 'DEP-2', amountCents: 50_000, actorId: null }));
    await db().transaction((tx) => holdForWithdrawal(tx, { userId: user.id, withdrawalId: 'w1', amountCents: 20_000 }));
    expect(await getUserBalances(db(), user.id)).toMatchObject({ balanceCents: 50_000, availableCents: 30_000 });
    await expect(db().transaction((tx) => holdForWithdrawal(tx, { userId: user.id, withdrawalId: 'w2', amountCents: 30_001 }))).rejects.toMatchObject({
      statusCode: 400,
      message: 'Insufficient available balance',
    });
    await db().transaction((tx) => settleWithdrawal(tx, { withdrawalId: 'w1', feeCents: 500, actorId: null }));
    expect(await getUserBalances(db(), user.id)).toMatchObject({ balanceCents: 30_000, availableCents: 30_000, feesCents: 500 });
    await expect(db().transaction((tx) => releaseWithdrawalHold(tx, { withdrawalId: 'w1', actorId: null }))).rejects.toMatchObject({ statusCode: 409 });

    await db().transaction((tx) => holdForInvestment(tx, { userId: user.id, investmentId: 'i1', amountCents: 10_000 }));
    await db().transaction((tx) => settleInvestment(tx, { investmentId: 'i1', actorId: null }));
    await expect(db().transaction((tx) => settleInvestment(tx, { investmentId: 'i1', actorId: null }))).rejects.toMatchObject({ statusCode: 409 });
    expect(await getUserBalances(db(), user.id)).toMatchObject({ balanceCents: 20_000, availableCents: 20_000, investedCents: 10_000 });
    await db().transaction((tx) => creditMaturity(tx, { userId: user.id, investmentId: 'i1', principalCents: 10_000, profitCents: 800 }));
    expect(await getUserBalances(db(), user.id)).toMatchObject({ balanceCents: 30_800, investedCents: 0, totalProfitCents: 800 });

    await db().transaction((tx) => holdForInvestment(tx, { userId: user.id, investmentId: 'i2', amountCents: 10_000 }));
    await db().transaction((tx) => releaseInvestmentHold(tx, { investmentId: 'i2', actorId: null }));
    expect(await getUserBalances(db(), user.id)).toMatchObject({ balanceCents: 30_800, availableCents: 30_800 });
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it('keeps adjustments within bounds', async () => {
    const { user } = await t.createUser();
    const adj = { userId: user.id, amountCents: 1_000, reason: 'test', actorId: null };
    await expect(db().transaction((tx) => adjustBalance(tx, { ...adj, operation: 'deduct' }))).rejects.toMatchObject({ statusCode: 400 });
    await expect(db().transaction((tx) => adjustProfit(tx, { ...adj, operation: 'deduct' }))).rejects.toMatchObject({ statusCode: 400 });
    await expect(db().transaction((tx) => adjustFees(tx, { ...adj, operation: 'add' }))).rejects.toMatchObject({ statusCode: 400 });
    await db().transaction((tx) => adjustBalance(tx, { ...adj, operation: 'add' }));
    await db().transaction((tx) => adjustProfit(tx, { ...adj, operation: 'add' }));
    await db().transaction((tx) => adjustFees(tx, { ...adj, operation: 'add' }));
    expect(await getUserBalances(db(), user.id)).toEqual({ balanceCents: 1_000, availableCents: 1_000, investedCents: 0, totalProfitCents: 1_000, feesCents: 1_000 });
    await expect(db().transaction((tx) => adjustFees(tx, { ...adj, amountCents: 1_001, operation: 'deduct' }))).rejects.toMatchObject({ statusCode: 400 });
    await db().transaction((tx) => adjustFees(tx, { ...adj, operation: 'deduct' }));
    // The wallet covers 2,000 but total profit is only 1,000.
    await expect(db().transaction((tx) => adjustProfit(tx, { ...adj, amountCents: 2_000, operation: 'deduct' }))).rejects.toMatchObject({
      message: 'A deduction cannot exceed the total profit',
    });
    await db().transaction((tx) => creditReferralBonus(tx, { referrerId: user.id, referredUserId: 'x', amountCents: 500 }));
    expect(await getUserBalances(db(), user.id)).toEqual({ balanceCents: 2_500, availableCents: 2_500, investedCents: 0, totalProfitCents: 1_500, feesCents: 0 });
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('refuses unbalanced journals and any edit of the record', async () => {
    const { user } = await t.createUser();
    await expect(
      db().transaction((tx) =>
        postJournal(tx, { kind: 'deposit', userId: user.id, label: 'x', postings: [{ account: 'wallet', amountCents: 1 }, { account: 'received_funds', amountCents: 2 }] }),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(db().update(ledgerPostings).set({ amountCents: 1 })).rejects.toThrow();
    await expect(db().delete(ledgerPostings)).rejects.toThrow();
    await expect(db().update(ledgerJournals).set({ label: 'changed' })).rejects.toThrow();
    await expect(db().delete(ledgerJournals)).rejects.toThrow();
    // A journal inserted behind the ledger's back that does not balance is refused at commit.
    await expect(
      db().transaction(async (tx) => {
        const [journal] = await tx.insert(ledgerJournals).values({ kind: 'deposit', userId: user.id, label: 'x' }).returning();
        await tx.execute(sql`insert into ledger_accounts (user_id, kind) values (${user.id}, 'wallet') on conflict do nothing`);
        const found = (await tx.execute(sql`select id from ledger_accounts where user_id = ${user.id} and kind = 'wallet'`)) as unknown as { rows: { id: number }[] };
        const [account] = found.rows;
        await tx.insert(ledgerPostings).values({ journalId: journal!.id, accountId: Number(account!.id), amountCents: 5 });
      }),
    ).rejects.toThrow();
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('reports a tampered balance cache and a hold mismatch', async () => {
    const { user } = await t.createUser();
    await db().transaction((tx) => creditDeposit(tx, { userId: user.id, paymentId: `tamper-${user.id}`, transactionId: 'DEP-T', amountCents: 1_000, actorId: null }));
    await db().execute(sql`update ledger_accounts set balance_cents = balance_cents + 1 where user_id = ${user.id} and kind = 'wallet'`);
    await db().execute(sql`update ledger_accounts set balance_cents = 5 where user_id = ${user.id} and kind = 'received_funds'`);
    const report = await verifyLedger(db());
    expect(report.ok).toBe(false);
    expect(report.problems.map((problem) => problem.check)).toContain('account_cache');
    // Put it back so the other checks in this file stay meaningful.
    await db().execute(sql`update ledger_accounts set balance_cents = balance_cents - 1 where user_id = ${user.id} and kind = 'wallet'`);
    await db().execute(sql`update ledger_accounts set balance_cents = -1000 where user_id = ${user.id} and kind = 'received_funds'`);
    expect((await verifyLedger(db())).ok).toBe(true);
  });
});
