/**
 * Every page address of the web app, as its router writes them (`:name` is one path segment).
 * The router's table must list exactly these (apps/web/src/app/__tests__/page-routes.test.ts):
 * the server answers these with the app and 200, and any other address with the app and 404
 * (the app then draws its not-found page).
 */
export const PAGE_ROUTES = [
  // Public site (SPEC §2).
  '/',
  '/privacy-policy',
  '/license',
  '/investment-plans',
  '/Hierarchy',
  '/how-it-works',
  '/market-rates',
  '/support',
  '/our-story',
  // Sign-in.
  '/login',
  '/register',
  '/forgot',
  '/resetPassword/:resetToken',
  '/loginWithCode/:email',
  '/verify/:verificationToken',
  // Signed in.
  '/my-account',
  '/user-profile',
  '/upload-kyc',
  '/deposit-payment',
  '/start-invest',
  '/invest-status',
  '/investment/:investmentId',
  '/withdraw-wallet',
  '/referrals',
  '/transaction-History',
  // Back office.
  '/admin-pending-wallet',
  '/withdrawal/:id',
  '/admin-pending-deposit',
  '/transaction/:transactionId',
  '/admin-pending-investment',
  '/pending-kyc',
  '/compose-email',
  '/edit-balance/:id',
  '/edit-user-balance/:id',
  '/update-fee/:id',
  '/admin/users',
  '/admin/outbox',
  '/admin/audit',
  '/admin/settings',
  '/admin/approvals',
  '/admin/solvency',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

/** Path patterns as regular expressions, matched as the web app's router matches: case-insensitive, a trailing slash ignored. */
const PAGE_ROUTE_PATTERNS = PAGE_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`, 'i'),
);

/** Whether `pathname` (undecoded, no query) opens a page of the app rather than its not-found page. */
export function isPageRoute(pathname: string): boolean {
  return PAGE_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}
