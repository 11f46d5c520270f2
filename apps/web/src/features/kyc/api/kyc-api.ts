import type { KycDecisionAnswer, KycStatusView, PendingKycCase, PendingKycList } from '@app/shared';
import { api } from '../../../lib/query';

export type { KycStatusView, PendingKycCase };

export interface KycDecisionArgs {
  id: string;
  action: 'approve' | 'reject';
  submissionId: string;
  reason?: string;
}

export const kycApi = api.injectEndpoints({
  endpoints: (build) => ({
    kycStatus: build.query<KycStatusView, void>({
      query: () => 'users/kyc/status',
      providesTags: ['Kyc'],
    }),
    pendingKyc: build.infiniteQuery<{ items: PendingKycCase[]; nextCursor: string | null }, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.nextCursor },
      query: ({ pageParam }) => (pageParam ? `users/kyc/pending?cursor=${encodeURIComponent(pageParam)}` : 'users/kyc/pending'),
      transformResponse: (response: PendingKycList) => ({ items: response.pendingUsers, nextCursor: response.nextCursor ?? null }),
      providesTags: ['Kyc'],
    }),
    decideKyc: build.mutation<KycDecisionAnswer, KycDecisionArgs>({
      query: ({ id, action, submissionId, reason }) => ({
        url: `users/kyc/${encodeURIComponent(id)}/${action}`,
        method: 'PATCH',
        body: { submissionId, ...(reason ? { reason } : {}) },
      }),
      invalidatesTags: ['Kyc', 'Users'],
    }),
  }),
});

export const { useKycStatusQuery, usePendingKycInfiniteQuery, useDecideKycMutation } = kycApi;
