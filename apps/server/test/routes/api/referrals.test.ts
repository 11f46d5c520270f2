import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REFERRAL_MESSAGES, type ReferralsAnswer } from '@app/shared';
import { emailOutbox, ledgerJournals } from '../../../src/db/schema';
import { getUserBalances } from '../../../src/ledger';
import { type TestUser, useTestApp, useUser } from '../../helpers/build-test-app';

const t = useTestApp();
const staff = useUser(t, { role: 'admin' });

const referrals = async (user: TestUser) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/users/referrals', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<ReferralsAnswer>();
};

async function confirmedDeposit(user: TestUser, amount: number | string) {
  const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount } });
  expect(created.statusCode).toBe(201);
  const transactionId = created.json<{ transaction: { transactionId: string } }>().transaction.transactionId;
  const confirmed = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId } });
  expect(confirmed.statusCode).toBe(200);
}

describe('GET /api/users/referrals', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/referrals' })).statusCode).toBe(401);
  });

  it("says 'No referrals' and gives the code and link when nobody was referred", async () => {
    const user = await t.createUser();
    const answer = await referrals(user);
    expect(answer).toMatchObject({
      referrals: [],
      message: REFERRAL_MESSAGES.none,
      referralCode: user.user.referralCode,
      referralPath: `/register?ref=${user.user.referralCode}`,
      bonusPercent: 5,
      bonusCap: '5.00',
      totalBonus: '0.00',
    });
  });

  it('lists referred users with name, email and photo', async () => {
    const referrer = await t.createUser();
    const first = await t.createUser({ referredById: referrer.user.id, name: 'Ada Referred' });
    const second = await t.createUser({ referredById: referrer.user.id, name: 'Bo Referred' });
    const answer = await referrals(referrer);
    expect(answer.message).toBeUndefined();
    expect(answer.referrals.map((item) => item._id).sort()).toEqual([first.user.id, second.user.id].sort());
    expect(answer.referrals.find((item) => item._id === first.user.id)).toMatchObject({ name: 'Ada Referred', email: first.user.email, photo: null, bonus: null });
    // Referred users see only their own referrals.
    expect((await referrals(first)).referrals).toEqual([]);
  });
});

describe('referral bonus', () => {
  it("pays 5% of the referred user's first confirmed deposit, capped at $5, exactly once", async () => {
    const referrer = await t.createUser();
    const big = await t.createUser({ referredById: referrer.user.id });
    const small = await t.createUser({ referredById: referrer.user.id });

    await confirmedDeposit(big, 200); // 5% = $10, capped at $5
    expect(await getUserBalances(t.database.db, referrer.user.id)).toMatchObject({ availableCents: 500, totalProfitCents: 500 });
    await confirmedDeposit(big, 1000); // not the first deposit: nothing more
    expect((await getUserBalances(t.database.db, referrer.user.id)).availableCents).toBe(500);

    await confirmedDeposit(small, '40.10'); // 5% = $2.005 -> $2.00 (half-even)
    expect(await getUserBalances(t.database.db, referrer.user.id)).toMatchObject({ availableCents: 700, totalProfitCents: 700 });
    await confirmedDeposit(small, 40);
    expect((await getUserBalances(t.database.db, referrer.user.id)).availableCents).toBe(700);

    const journals = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.userId, referrer.user.id), eq(ledgerJournals.kind, 'referral_bonus')));
    expect(journals).toHaveLength(2);
    const answer = await referrals(referrer);
    expect(answer.totalBonus).toBe('7.00');
    expect(answer.referrals.find((item) => item._id === big.user.id)?.bonus).toBe('5.00');
    expect(answer.referrals.find((item) => item._id === small.user.id)?.bonus).toBe('2.00');
    const emails = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, referrer.user.email), eq(emailOutbox.kind, 'referral-bonus')));
    expect(emails).toHaveLength(2);
    // The depositors themselves earn nothing for being referred.
    expect((await getUserBalances(t.database.db, big.user.id)).totalProfitCents).toBe(0);
  });

  it('pays nothing for users who were not referred', async () => {
    const loner = await t.createUser();
    await confirmedDeposit(loner, 500);
    const journals = await t.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.reference, `referral:${loner.user.id}`));
    expect(journals).toHaveLength(0);
  });
});
