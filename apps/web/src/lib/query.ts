import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from './store-registry';

/** RTK Query base: features add endpoints with `api.injectEndpoints`. Loaded lazily with the pages that use it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'include' }),
  tagTypes: ['User', 'Payment', 'Withdrawal', 'Investment', 'Plan', 'History', 'Kyc', 'Users', 'Settings', 'Audit', 'Outbox', 'Wallet', 'Referral', 'Approval'],
  endpoints: () => ({}),
});

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
