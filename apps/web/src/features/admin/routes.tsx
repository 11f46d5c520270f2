import type { RouteObject } from 'react-router';

/** Routes anyone can open. */
export const publicRoutes: RouteObject[] = [];
/** Routes behind the login guard. */
export const userRoutes: RouteObject[] = [];
/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [
  { path: '/admin/users', lazy: () => import('./pages/users-page').then((m) => ({ Component: m.UsersPage })) },
  { path: '/compose-email', lazy: () => import('./pages/compose-email-page').then((m) => ({ Component: m.ComposeEmailPage })) },
  { path: '/admin/outbox', lazy: () => import('./pages/outbox-page').then((m) => ({ Component: m.OutboxPage })) },
  { path: '/admin/audit', lazy: () => import('./pages/audit-page').then((m) => ({ Component: m.AuditPage })) },
  { path: '/admin/settings', lazy: () => import('./pages/settings-page').then((m) => ({ Component: m.SettingsPage })) },
  { path: '/admin/approvals', lazy: () => import('./pages/approvals-page').then((m) => ({ Component: m.ApprovalsPage })) },
  { path: '/admin/solvency', lazy: () => import('./pages/solvency-page').then((m) => ({ Component: m.SolvencyPage })) },
];
