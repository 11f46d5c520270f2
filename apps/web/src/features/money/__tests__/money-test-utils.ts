import { beforeAll, beforeEach } from 'vitest';
import { configure } from '@testing-library/react';
import { resolveRelativeRequests, serveApi, SIGNED_IN, type ApiAnswer, type ApiCall } from '../../../test/api';

export type Call = ApiCall;

/** The money pages' API: signed in, and the dashboard's maturity call answered, then `respond`. */
export function stubApi(respond: (call: Call) => ApiAnswer) {
  return serveApi(respond, { ...SIGNED_IN, '/api/invest/deposit-maturity': { body: { message: 'ok' } } });
}

/** A dashboard's balance series over November 2026: the balance from each listed day on. */
export function novemberSeries(balances: Record<string, string>) {
  return { from: '2026-11-01', to: '2026-11-30', changes: Object.entries(balances).map(([date, balance]) => ({ date, balance })) };
}

export const DASHBOARD = {
  balance: '1500.00',
  availableBalance: '1200.00',
  investmentBalance: '300.00',
  totalMaturityAmount: '45.00',
  fees: '12.50',
  hasFees: false,
  isVerified: true,
  kycStatus: 'Approved',
  pendingDeposits: { count: 0, amount: '0.00' },
  series: novemberSeries({ '2026-11-01': '0.00', '2026-11-10': '1200.00', '2026-11-20': '1500.00' }),
};

/** Imports every money page (and the app router) so lazy routes resolve at once in tests. */
export async function warmPages() {
  // Under a full parallel run a page can take longer than the 1 s default to settle.
  configure({ asyncUtilTimeout: 4000 });
  await Promise.all([
    import('../../../app/router'),
    import('../pages/dashboard-page'),
    import('../pages/deposit-page'),
    import('../pages/withdraw-page'),
    import('../pages/history-page'),
    import('../pages/admin-deposits-page'),
    import('../pages/transaction-page'),
    import('../pages/admin-withdrawals-page'),
    import('../pages/withdrawal-page'),
    import('../pages/adjust-page'),
    import('../pages/fees-page'),
  ]);
}

/**
 * For a suite of money pages: the lazy route chunks loaded once up front (so the first test of a
 * page does not spend its waiting time on the import), relative requests resolved in every test.
 */
export function prepareMoneyPages() {
  beforeAll(warmPages, 30_000);
  beforeEach(resolveRelativeRequests);
}
