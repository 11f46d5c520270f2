import { createBrowserRouter, type RouteObject } from 'react-router';
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
