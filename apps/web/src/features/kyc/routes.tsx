import type { RouteObject } from 'react-router';

/** Routes anyone can open. */
export const publicRoutes: RouteObject[] = [];
/** Routes behind the login guard. */
export const userRoutes: RouteObject[] = [
  { path: '/upload-kyc', lazy: () => import('./pages/upload-kyc-page').then((m) => ({ Component: m.UploadKycPage })) },
];
/** Back-office routes (author and admin). */
export const staffRoutes: RouteObject[] = [
  { path: '/pending-kyc', lazy: () => import('./pages/pending-kyc-page').then((m) => ({ Component: m.PendingKycPage })) },
];
