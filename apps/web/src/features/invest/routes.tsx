import type { RouteObject } from 'react-router';

/** Routes anyone can open. */
export const publicRoutes: RouteObject[] = [];
/** Routes behind the login guard. */
export const userRoutes: RouteObject[] = [
  { path: '/start-invest', lazy: () => import('./pages/start-invest-page').then((m) => ({ Component: m.StartInvestPage })) },
  { path: '/invest-status', lazy: () => import('./pages/invest-status-page').then((m) => ({ Component: m.InvestStatusPage })) },
  { path: '/investment/:investmentId', lazy: () => import('./pages/investment-detail-page').then((m) => ({ Component: m.InvestmentDetailPage })) },
  { path: '/referrals', lazy: () => import('./pages/referrals-page').then((m) => ({ Component: m.ReferralsPage })) },
];
/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [
  {
    path: '/admin-pending-investment',
    lazy: () => import('./pages/admin-pending-investment-page').then((m) => ({ Component: m.AdminPendingInvestmentPage })),
  },
];
