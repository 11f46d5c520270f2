import { configureStore } from '@reduxjs/toolkit';
import { authReducer, type AuthState } from '../features/auth/auth-slice';
import { dynamicMiddleware, rootReducer } from '../lib/store-registry';

const reducer = rootReducer.inject({ reducerPath: 'auth', reducer: authReducer });

export function makeStore() {
  return configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = { auth: AuthState } & Record<string, unknown>;
export type AppDispatch = AppStore['dispatch'];
