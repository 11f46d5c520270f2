import type { DashboardData } from '@app/shared';
import type { TestApp, TestUser } from '../helpers/build-test-app';

export const BTC = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
export const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** Reports a deposit as `user` and confirms it as `staff`; returns the transactionId. */
export async function fund(t: TestApp, user: TestUser, staff: TestUser, amount: string | number): Promise<string> {
  const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount } });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const transactionId = created.json().transaction.transactionId as string;
  const confirmed = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId } });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return transactionId;
}

export async function figures(t: TestApp, user: TestUser) {
  const response = await t.app.inject({ method: 'GET', url: '/api/money/dashboard', headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`dashboard failed: ${response.statusCode} ${response.body}`);
  return response.json<DashboardData>();
}
