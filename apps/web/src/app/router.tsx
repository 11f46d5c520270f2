import { Component, createElement, lazy, use, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
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
import { withNamespaces } from '../i18n';
import { useAppStore } from '../lib/hooks';
import { isComplete, loadToolkit, type AppStore } from './store';

/** Features whose pages use the store's auth slice and thunks (all but the public site). */
const storeFeatures = [auth, money, kyc, invest, admin];

/**
 * The pages of `storeFeatures` render once the store is complete (app/store.ts): opened first,
 * main.tsx waits for it with the page's chunk (loadRoute); reached from a public page before it
 * has loaded, the navigation waits for it as for a page's chunk.
 */
function StoreReady() {
  const store = useAppStore();
  if (!isComplete(store)) use(loadToolkit(store));
  return <Outlet />;
}

const storeRoute: RouteObject = {
  element: <StoreReady />,
  children: [
    // The sign-in pages speak from `auth`; other features have no public pages yet.
    ...storeFeatures.flatMap((feature) => withNamespaces([feature === auth ? 'auth' : 'public'], feature.publicRoutes)),
    { element: <RequireAuth />, children: [...composedUserRoutes, ...withNamespaces(['app'], storeFeatures.flatMap((feature) => feature.userRoutes))] },
    { element: <RequireStaff />, children: withNamespaces(['staff'], storeFeatures.flatMap((feature) => feature.staffRoutes)) },
  ],
};

/**
 * The route table. Pages are `lazy` routes (`lazy: () => import(page).then(...)` resolving to
 * `{ Component }`): each page is its own chunk, loaded when its address is opened.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      // Each page's messages load with its chunk: the public site speaks from `public`.
      ...withNamespaces(['public'], site.publicRoutes),
      storeRoute,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/*
 * The routes render through React Router's declarative API (useRoutes inside BrowserRouter),
 * not its data router (createBrowserRouter, RouterProvider): the app uses no loaders, actions or
 * fetchers, and the data router cost the first visit of `/` 17 KB (gzip) more (ADR 0018).
 * What the app took from it is here: lazy pages (loaded before they show, the previous page
 * staying on screen meanwhile, as React Router wraps navigations in transitions), the error
 * page, and scroll restoration (layouts/scroll-restoration.tsx).
 */

type LazyPage = () => Promise<{ Component?: ComponentType | null }>;

const pages = new WeakMap<RouteObject, ComponentType>();
const loading = new WeakMap<RouteObject, Promise<void>>();

/** Loads the page of a lazy route once; a failed load is tried again the next time. */
function loadPage(route: RouteObject): Promise<void> {
  let promise = loading.get(route);
  if (!promise) {
    promise = (route.lazy as LazyPage)().then(
      (module) => {
        if (!module.Component) throw new Error(`The page for ${route.path} has no Component`);
        pages.set(route, module.Component);
      },
      (error: unknown) => {
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, promise);
  }
  return promise;
}

/** React.lazy wrappers of pages that were rendered before their chunk had loaded. */
const waiting = new WeakMap<RouteObject, ComponentType>();

/**
 * A lazy route's page. Loaded already (main.tsx loads the first page before rendering), it
 * renders at once; otherwise through React.lazy, which suspends until the chunk is in (a
 * navigation keeps the previous page on screen meanwhile). Each route keeps the component it
 * started with, so a later render never remounts the page.
 */
function Page({ route }: { route: RouteObject }) {
  let Loaded = waiting.get(route) ?? pages.get(route);
  if (!Loaded) {
    Loaded = lazy(() =>
      loadPage(route).then(
        () => ({ default: pages.get(route)! }),
        (error: unknown) => {
          waiting.delete(route);
          throw error;
        },
      ),
    );
    waiting.set(route, Loaded);
  }
  return createElement(Loaded);
}

/** The table with each lazy route's page as its element. */
function withPages(table: RouteObject[]): RouteObject[] {
  return table.map((original) => {
    const { lazy: load, children, ...route } = original;
    return {
      ...route,
      ...(typeof load === 'function' ? { element: <Page route={original} /> } : {}),
      ...(children ? { children: withPages(children) } : {}),
    } as RouteObject;
  });
}

/**
 * Loads the pages of the routes `pathname` matches, and completes `store` if they need it, so
 * that the first render shows the page at once.
 */
export function loadRoute(pathname: string, store: AppStore): Promise<unknown> {
  const matched = matchRoutes(routes, pathname) ?? [];
  const pages = matched.filter(({ route }) => typeof route.lazy === 'function').map(({ route }) => loadPage(route));
  return Promise.all(matched.some(({ route }) => route === storeRoute) ? [...pages, loadToolkit(store)] : pages);
}

const appRoutes = withPages(routes);

/** The app's routes (or, in tests, `table`) for the current address. */
export function AppRoutes({ table }: { table?: RouteObject[] }) {
  const elementRoutes = useMemo(() => (table ? withPages(table) : appRoutes), [table]);
  return useRoutes(elementRoutes);
}

/**
 * An error while rendering a page (or loading its chunk) shows the error page in place of the
 * whole layout, until the address changes.
 */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary location={useLocation()}>{children}</ErrorBoundary>;
}

class ErrorBoundary extends Component<{ location: Location; children: ReactNode }, { failed: boolean; location: Location }> {
  override state = { failed: false, location: this.props.location };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: { location: Location }) {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

// main.tsx loads this module after React DOM and the store, and renders with it.
export { BrowserRouter } from 'react-router';
