import { Component, createElement, lazy, startTransition, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import * as site from '../features/public/routes';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage, RouteErrorPage } from './not-found';
import { withNamespaces } from '../i18n';
import { useAppStore } from '../lib/hooks';
import { loadToolkit, type AppStore } from './store';

// Each page's messages load with its chunk: the public site speaks from `public`.
const siteRoutes = withNamespaces(['public'], site.publicRoutes);

/**
 * The routes of the pages that use the store (app/store-routes.tsx: sign-in, signed-in, back
 * office), with Redux Toolkit's part of the store (app/store.ts). A public page renders first
 * without them; main.tsx loads them right after, or before the first render when the address
 * is not the public site's. Until they are in, an address no route matches waits for them
 * (Unmatched) before it is a 404.
 */
let storeRoutes: RouteObject[] | undefined;
let storeRoutesLoading: Promise<void> | undefined;
const storeRoutesListeners = new Set<() => void>();

/** Loads the store's routes and completes `store` (the app has one store), once. */
export function loadStoreRoutes(store: AppStore): Promise<void> {
  if (!storeRoutesLoading) {
    storeRoutesLoading = Promise.all([import('./store-routes'), loadToolkit(store)]).then(([module]) => {
      storeRoutes = module.storeRoutes;
      for (const listener of storeRoutesListeners) listener();
    });
    storeRoutesLoading.catch(() => {
      storeRoutesLoading = undefined;
    });
  }
  return storeRoutesLoading;
}

let waitingForStoreRoutes: ComponentType | undefined;

/**
 * An address the routes loaded so far do not match: it suspends until the store's routes are in
 * (a navigation keeps the previous page on screen meanwhile), then AppRoutes renders the table
 * with them. A failed load shows the error page and is tried again next time.
 */
function Unmatched() {
  const store = useAppStore();
  waitingForStoreRoutes ??= lazy(() =>
    loadStoreRoutes(store).then(
      () => ({ default: () => null }),
      (error: unknown) => {
        waitingForStoreRoutes = undefined;
        throw error;
      },
    ),
  );
  return createElement(waitingForStoreRoutes);
}

/**
 * The route table. Pages are `lazy` routes (`lazy: () => import(page).then(...)` resolving to
 * `{ Component }`): each page is its own chunk, loaded when its address is opened.
 */
function table(children: RouteObject[] | undefined): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [...siteRoutes, ...(children ?? []), { path: '*', element: children ? <NotFoundPage /> : <Unmatched /> }],
    },
  ];
}

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
 * Loads the pages of the routes `pathname` matches (the store's routes and Redux Toolkit's part of
 * `store` first when it is not a public page), so that the first render shows the page at once.
 */
export async function loadRoute(pathname: string, store: AppStore): Promise<unknown> {
  let matched = matchRoutes(table(storeRoutes), pathname) ?? [];
  if (matched.at(-1)?.route.path === '*' && !storeRoutes) {
    await loadStoreRoutes(store);
    matched = matchRoutes(table(storeRoutes), pathname) ?? [];
  }
  return Promise.all(matched.filter(({ route }) => typeof route.lazy === 'function').map(({ route }) => loadPage(route)));
}

const withoutStoreRoutes = withPages(table(undefined));
let withStoreRoutes: RouteObject[] | undefined;

function appRoutes(): RouteObject[] {
  if (!storeRoutes) return withoutStoreRoutes;
  withStoreRoutes ??= withPages(table(storeRoutes));
  return withStoreRoutes;
}

/** The app's routes (or, in tests, `testTable`) for the current address. */
export function AppRoutes({ table: testTable }: { table?: RouteObject[] }) {
  const [routes, setRoutes] = useState(appRoutes);
  useEffect(() => {
    // A transition: the page on screen stays until the one the new routes show has loaded.
    const update = () => startTransition(() => setRoutes(appRoutes()));
    update();
    storeRoutesListeners.add(update);
    return () => {
      storeRoutesListeners.delete(update);
    };
  }, []);
  const elementRoutes = useMemo(() => (testTable ? withPages(testTable) : routes), [testTable, routes]);
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
