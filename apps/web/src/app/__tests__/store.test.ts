import { describe, expect, it } from 'vitest';
import type { Middleware } from 'redux';
import { initialAuthState } from '../../features/auth/auth-state';
import { SET_USER } from '../../features/auth/auth-slice';
import { dynamicMiddleware } from '../../lib/store-registry';
import { testUser } from '../../test/render';
import { isComplete, loadToolkit, makeBootStore } from '../store';

describe('the store in two steps (ADR 0018)', () => {
  it('starts with the initial auth state and no reducers, then takes the auth slice and the dynamic middleware', async () => {
    const store = makeBootStore();
    expect(store.getState()).toEqual({ auth: initialAuthState });
    store.dispatch(SET_USER(testUser()));
    expect(store.getState().auth.user).toBeNull();
    expect(isComplete(store)).toBe(false);

    await loadToolkit(store);
    expect(isComplete(store)).toBe(true);
    expect(store.getState().auth).toEqual(initialAuthState);
    store.dispatch(SET_USER(testUser()));
    expect(store.getState().auth.user?.name).toBe('Ada Lovelace');

    const seen: string[] = [];
    const spy: Middleware = () => (next) => (action) => {
      seen.push((action as { type: string }).type);
      return next(action);
    };
    dynamicMiddleware.addMiddleware(spy);
    store.dispatch({ type: 'test/ping' });
    expect(seen).toContain('test/ping');
    // Thunks run from the start (redux-thunk is in the first step).
    expect(store.dispatch((_dispatch, getState) => getState().auth.user?.name)).toBe('Ada Lovelace');
  });

  it('loads Redux Toolkit once per store', () => {
    const store = makeBootStore();
    expect(loadToolkit(store)).toBe(loadToolkit(store));
  });
});
