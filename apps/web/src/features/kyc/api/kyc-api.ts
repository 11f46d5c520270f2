import type { KycStatus } from '@app/shared';
import { api } from '../../../lib/query';

export interface KycStatusView {
  kycStatus: KycStatus;
  submittedAt: string | null;
  reviewedAt: string | null;
  /** Staff's reason while the latest submission is Rejected. */
  reason: string | null;
}

export interface PendingKycCase {
  _id: string;
  submissionId: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  role: string;
  isVerified: boolean;
  kycStatus: KycStatus;
  createdAt: string;
  submittedAt: string;
  previousRejections: number;
  lastRejectionReason: string | null;
  kyc: {
    frontDoc: string;
    backDoc: string;
    frontType: string;
    backType: string;
    frontName: string;
    backName: string;
  };
}

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
      transformResponse: (response: { pendingUsers: PendingKycCase[]; nextCursor?: string | null }) => ({ items: response.pendingUsers, nextCursor: response.nextCursor ?? null }),
      providesTags: ['Kyc'],
    }),
    decideKyc: build.mutation<{ message: string }, KycDecisionArgs>({
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
