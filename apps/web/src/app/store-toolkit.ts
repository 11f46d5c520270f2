import { authReducer } from '../features/auth/auth-slice';
import { dynamicMiddleware, rootReducer } from '../lib/store-registry';
import { makeBootStore, markComplete, type AppStore } from './store';

/**
 * Redux Toolkit's part of the store, loaded after the first screen (app/store.ts): the auth
 * slice in the root reducer that RTK Query's `api` and other slices are injected into, and the
 * dynamic middleware they add theirs to.
 */
const reducer = rootReducer.inject({ reducerPath: 'auth', reducer: authReducer });

export function completeStore(store: AppStore): void {
  markComplete(store, reducer as Parameters<typeof markComplete>[1], dynamicMiddleware.middleware);
}

/** A complete store at once (component tests). */
export function makeStore(): AppStore {
  const store = makeBootStore();
  completeStore(store);
  return store;
}
