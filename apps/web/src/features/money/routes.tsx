import type { RouteObject } from 'react-router';

/** Routes anyone can open. */
export const publicRoutes: RouteObject[] = [];

/** Routes behind the login guard. */
export const userRoutes: RouteObject[] = [
  { path: '/deposit-payment', lazy: () => import('./pages/deposit-page').then((m) => ({ Component: m.DepositPage })) },
  { path: '/withdraw-wallet', lazy: () => import('./pages/withdraw-page').then((m) => ({ Component: m.WithdrawPage })) },
  { path: '/transaction-History', lazy: () => import('./pages/history-page').then((m) => ({ Component: m.HistoryPage })) },
];

/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [
  { path: '/admin-pending-deposit', lazy: () => import('./pages/admin-deposits-page').then((m) => ({ Component: m.AdminDepositsPage })) },
  { path: '/transaction/:transactionId', lazy: () => import('./pages/transaction-page').then((m) => ({ Component: m.TransactionPage })) },
  { path: '/admin-pending-wallet', lazy: () => import('./pages/admin-withdrawals-page').then((m) => ({ Component: m.AdminWithdrawalsPage })) },
  { path: '/withdrawal/:id', lazy: () => import('./pages/withdrawal-page').then((m) => ({ Component: m.WithdrawalPage })) },
  { path: '/edit-balance/:id', lazy: () => import('./pages/adjust-page').then((m) => ({ Component: m.EditProfitPage })) },
  { path: '/edit-user-balance/:id', lazy: () => import('./pages/adjust-page').then((m) => ({ Component: m.EditBalancePage })) },
  { path: '/update-fee/:id', lazy: () => import('./pages/fees-page').then((m) => ({ Component: m.FeesPage })) },
];
