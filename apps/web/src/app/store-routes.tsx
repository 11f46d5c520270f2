import type { RouteObject } from 'react-router';
import * as auth from '../features/auth/routes';
import * as money from '../features/money/routes';
import * as kyc from '../features/kyc/routes';
import * as invest from '../features/invest/routes';
import * as admin from '../features/admin/routes';
import { composedUserRoutes } from './composed-routes';
import { RequireAuth, RequireStaff } from './layouts/guards';
import { withNamespaces } from '../i18n';

/** Features whose pages use the store's auth slice and thunks: all but the public site. */
const features = [auth, money, kyc, invest, admin];

/**
 * The routes of the pages that use the store: the sign-in pages, the signed-in pages (behind
 * RequireAuth) and the back office (behind RequireStaff). They load with Redux Toolkit's part of
 * the store, after the first screen of a public page (router.tsx, loadStoreRoutes).
 */
export const storeRoutes: RouteObject[] = [
  // The sign-in pages speak from `auth`; other features have no public pages yet.
  ...features.flatMap((feature) => withNamespaces([feature === auth ? 'auth' : 'public'], feature.publicRoutes)),
  { element: <RequireAuth />, children: [...composedUserRoutes, ...withNamespaces(['app', 'account'], features.flatMap((feature) => feature.userRoutes))] },
  { element: <RequireStaff />, children: withNamespaces(['staff', 'account'], features.flatMap((feature) => feature.staffRoutes)) },
];
