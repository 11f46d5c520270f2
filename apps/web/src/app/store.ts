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

// main.tsx loads this module with React Redux's Provider: a dynamic import('react-redux') would
// keep every export of the package (connect and its helpers) in the start-up chunk.
export { Provider } from 'react-redux';
