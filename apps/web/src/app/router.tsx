import {
  UNSAFE_createBrowserHistory,
  UNSAFE_createRouter,
  UNSAFE_hydrationRouteProperties,
  UNSAFE_mapRouteProperties,
  type RouteObject,
} from 'react-router';
import * as auth from '../features/auth/routes';
import * as money from '../features/money/routes';
import * as kyc from '../features/kyc/routes';
import * as invest from '../features/invest/routes';
import * as admin from '../features/admin/routes';
import * as site from '../features/public/routes';
import { RootLayout } from './layouts/root-layout';
import { composedUserRoutes } from './composed-routes';
import { RequireAuth, RequireStaff } from './layouts/guards';
import { NotFoundPage, RouteErrorPage } from './not-found';

const features = [site, auth, money, kyc, invest, admin];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...features.flatMap((feature) => feature.publicRoutes),
      { element: <RequireAuth />, children: [...composedUserRoutes, ...features.flatMap((feature) => feature.userRoutes)] },
      { element: <RequireStaff />, children: features.flatMap((feature) => feature.staffRoutes) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * `createBrowserRouter(routes)` in two steps, so start-up (main.tsx) can run them in separate
 * tasks: this builds the router (route table, first match); `initialize()` then starts the first
 * navigation (matching again, loading the page's lazy route). In one call it was one of the
 * longest tasks of a start, 15-40 ms on a busy machine for the 40-odd routes. Same options as
 * react-router's createBrowserRouter (without server hydration data, which this app never has).
 */
export function createAppRouter() {
  return UNSAFE_createRouter({
    history: UNSAFE_createBrowserHistory({ window }),
    routes,
    mapRouteProperties: UNSAFE_mapRouteProperties,
    hydrationRouteProperties: UNSAFE_hydrationRouteProperties,
  });
}

export type Router = ReturnType<typeof createAppRouter>;

// main.tsx loads this module after React DOM and the store, and renders with it.
export { RouterProvider } from 'react-router';
