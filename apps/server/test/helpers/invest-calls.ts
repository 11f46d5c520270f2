import { expect } from 'vitest';
import type { InvestmentView } from '@app/shared';
import { adjustBalance, getUserBalances } from '../../src/ledger';
import type { TestApp, TestUser } from './build-test-app';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The investment suites' calls, on the file's app, with `staff` deciding. */
export function investHelpers(t: TestApp, staff: TestUser) {
  async function fund(user: TestUser, cents: number) {
    await t.database.db.transaction((tx) =>
      adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: cents, reason: 'test funding', actorId: null }),
    );
  }

  async function investor(cents = 100_000): Promise<TestUser> {
    const user = await t.createUser();
    await fund(user, cents);
    return user;
  }

  const balances = (user: TestUser) => getUserBalances(t.database.db, user.user.id);

  function invest(user: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url: '/api/invest/start-invest', headers: { ...user.headers, ...headers }, payload });
  }

  /** Requests an investment and has staff approve it: the Active investment. */
  async function startActive(user: TestUser, amount: number | string, planName = 'Basic'): Promise<InvestmentView> {
    const created = await invest(user, { amount, planName });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ investment: InvestmentView }>().investment._id;
    const approved = await t.app.inject({ method: 'PUT', url: `/api/invest/${id}/approve`, headers: staff.headers });
    expect(approved.statusCode).toBe(200);
    return approved.json<{ investment: InvestmentView }>().investment;
  }

  return { fund, investor, balances, invest, startActive };
}
