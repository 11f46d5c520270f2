import { applyMiddleware, legacy_createStore as createStore, type Middleware, type MiddlewareAPI, type Store, type UnknownAction } from 'redux';
import { thunk } from 'redux-thunk';
import type { ThunkDispatch } from '@reduxjs/toolkit';
import { initialAuthState, type AuthState } from '../features/auth/auth-state';

/**
 * The store starts small and gets Redux Toolkit's part after the first screen (ADR 0018).
 * Redux Toolkit with immer and reselect, and the auth slice with its thunks, were a tenth of the
 * first load of `/`, and the first screen of a page reads only the initial auth state: whether
 * someone is signed in is known once the session check (a thunk of the slice) has answered.
 * `makeBootStore` is a plain Redux store holding that initial state; `loadToolkit` loads
 * app/store-toolkit.ts, which gives the store its reducers and RTK's dynamic middleware. It comes
 * with the routes of the pages that use the store (app/router.tsx, loadStoreRoutes): right after
 * the first screen of a public page, before the first render of any other.
 */
export type RootState = { auth: AuthState } & Record<string, unknown>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppStore = Omit<Store<RootState>, 'dispatch'> & { dispatch: AppDispatch };

/** A middleware filled in later (app/store-toolkit.ts), once per store. */
const middlewareSlots = new WeakMap<AppStore, (middleware: Middleware) => void>();
const complete = new WeakSet<AppStore>();
const loading = new WeakMap<AppStore, Promise<void>>();

function middlewareSlot() {
  type Next = (action: unknown) => unknown;
  let api: MiddlewareAPI | undefined;
  let next: Next | undefined;
  let through: Next | undefined;
  const middleware: Middleware = (storeApi) => (nextDispatch) => {
    api = storeApi;
    next = through = nextDispatch;
    return (action) => through!(action);
  };
  const fill = (filled: Middleware) => {
    through = filled(api!)(next!);
  };
  return { middleware, fill };
}

/** The store as the first screen needs it: the initial auth state, thunks, no reducers yet. */
export function makeBootStore(): AppStore {
  const slot = middlewareSlot();
  const store = createStore((state: RootState = { auth: initialAuthState }) => state, applyMiddleware(thunk, slot.middleware)) as AppStore;
  middlewareSlots.set(store, slot.fill);
  return store;
}

/** Called by app/store-toolkit.ts as it completes `store`. */
export function markComplete(store: AppStore, reducer: (state: RootState | undefined, action: UnknownAction) => RootState, middleware: Middleware) {
  store.replaceReducer(reducer as Parameters<AppStore['replaceReducer']>[0]);
  middlewareSlots.get(store)?.(middleware);
  complete.add(store);
}

export function isComplete(store: AppStore): boolean {
  return complete.has(store);
}

/** Gives `store` Redux Toolkit's part (app/store-toolkit.ts), once. */
export function loadToolkit(store: AppStore): Promise<void> {
  if (complete.has(store)) return Promise.resolve();
  let promise = loading.get(store);
  if (!promise) {
    promise = import('./store-toolkit').then(({ completeStore }) => completeStore(store));
    promise.catch(() => loading.delete(store));
    loading.set(store, promise);
  }
  return promise;
}

// main.tsx loads this module with React Redux's Provider: a dynamic import('react-redux') would
// keep every export of the package (connect and its helpers) in the start-up chunk.
export { Provider } from 'react-redux';
