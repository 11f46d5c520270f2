import type { InvestmentAnswer, InvestmentView, MaturityAnswer, PendingInvestmentList, PlanView, ReferralsAnswer, UserView } from '@app/shared';
import { api } from '../../../lib/query';
import { idempotencyKey } from '../../../lib/api';

/** Invest endpoints (SPEC §7 paths); money stays a decimal string end to end. */
export const investApi = api.injectEndpoints({
  endpoints: (build) => ({
    plans: build.query<PlanView[], void>({
      query: () => 'invest/plans',
      providesTags: ['Plan'],
    }),
    /** The signed-in user's figures (available balance) for the invest forms. */
    investBalances: build.query<UserView, void>({
      query: () => 'users/getUser',
      providesTags: ['User'],
    }),
    startInvest: build.mutation<InvestmentAnswer, { amount: string; planId: string; planName: string }>({
      query: (body) => ({ url: 'invest/start-invest', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey() } }),
      invalidatesTags: ['Investment', 'User', 'History'],
    }),
    investmentHistory: build.query<InvestmentView[], void>({
      query: () => 'invest/investment-history',
      providesTags: ['Investment'],
    }),
    investment: build.query<InvestmentView, string>({
      query: (id) => `invest/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Investment', id }, 'Investment'],
    }),
    upgradeInvestment: build.mutation<InvestmentAnswer, { id: string; planId: string; topUp: string }>({
      query: ({ id, planId, topUp }) => ({
        url: `invest/${encodeURIComponent(id)}/upgrade`,
        method: 'POST',
        body: { planId, topUp: topUp || '0' },
        headers: { 'Idempotency-Key': idempotencyKey() },
      }),
      invalidatesTags: ['Investment', 'User', 'History'],
    }),
    /** SPEC §7: called on dashboard load; matures the caller's due investments. */
    depositMaturity: build.mutation<MaturityAnswer, void>({
      query: () => 'invest/deposit-maturity',
      invalidatesTags: (result) => (result && result.matured > 0 ? ['Investment', 'User', 'History'] : []),
    }),
    pendingInvestments: build.infiniteQuery<{ items: InvestmentView[]; nextCursor: string | null }, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.nextCursor },
      query: ({ pageParam }) => (pageParam ? `invest/adminPendingInvestment?cursor=${encodeURIComponent(pageParam)}` : 'invest/adminPendingInvestment'),
      transformResponse: (response: PendingInvestmentList) => ({
        items: response.pendingInvestments,
        nextCursor: response.nextCursor ?? null,
      }),
      providesTags: ['Investment'],
    }),
    decideInvestment: build.mutation<InvestmentAnswer, { id: string; action: 'approve' | 'reject'; notes?: string }>({
      query: ({ id, action, notes }) => ({
        url: `invest/${encodeURIComponent(id)}/${action}`,
        method: 'PUT',
        ...(action === 'reject' ? { body: notes ? { notes } : {} } : {}),
      }),
      invalidatesTags: ['Investment', 'Users'],
    }),
    referrals: build.query<ReferralsAnswer, void>({
      query: () => 'users/referrals',
      providesTags: ['Referral'],
    }),
  }),
});

export const {
  usePlansQuery,
  useInvestBalancesQuery,
  useStartInvestMutation,
  useInvestmentHistoryQuery,
  useInvestmentQuery,
  useUpgradeInvestmentMutation,
  useDepositMaturityMutation,
  usePendingInvestmentsInfiniteQuery,
  useDecideInvestmentMutation,
  useReferralsQuery,
} = investApi;
