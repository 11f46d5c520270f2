import { configure } from '@testing-library/react';
import { serveApi, SIGNED_IN, type ApiAnswer, type ApiCall } from '../../../test/api';

export { resolveRelativeRequests } from '../../../test/api';
export type Call = ApiCall;

/** The money pages' API: signed in, and the dashboard's maturity call answered, then `respond`. */
export function stubApi(respond: (call: Call) => ApiAnswer) {
  return serveApi(respond, { ...SIGNED_IN, '/api/invest/deposit-maturity': { body: { message: 'ok' } } });
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
  series: {
    from: '2026-11-01',
    to: '2026-11-30',
    changes: [
      { date: '2026-11-01', balance: '0.00' },
      { date: '2026-11-10', balance: '1200.00' },
      { date: '2026-11-20', balance: '1500.00' },
    ],
  },
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
