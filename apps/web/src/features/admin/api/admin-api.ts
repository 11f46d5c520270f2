import type {
  ApprovalView,
  AuditListResponse,
  ComposeEmailInput,
  OutboxListResponse,
  OutboxStatusName,
  PendingCounts,
  EvmToken,
  Role,
  SolvencyReport,
  StaffHome,
  UserListResponse,
} from '@app/shared';
import { api } from '../../../lib/query';

/** Operator settings as the API returns them (services/settings.ts on the server). */
export interface AdminSettings {
  depositAddresses: Record<string, string>;
  /** Watch-only extended public keys: each user gets an own deposit address derived from them. */
  watchKeys: { evm?: string; btc?: string };
  evmTokens: EvmToken[];
  explorerTxUrl: string;
  withdrawalFee: { flatCents: number; basisPoints: number };
  referralBonus: { basisPoints: number; capCents: number };
  support: { phone: string; email: string; chatEmbedUrl: string; hours: string };
  chartServiceUrl: string;
  riskNotice: string;
  requireStaffTwoFactor: boolean;
  fourEyesThresholdCents: number;
}

export interface UserListArgs {
  search?: string;
  page?: number;
  limit?: number;
}

export interface AuditArgs {
  action?: string;
  actorId?: string;
  targetId?: string;
  from?: string;
  to?: string;
  page?: number;
}

function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    approvals: build.query<ApprovalView[], void>({
      query: () => 'admin/approvals',
      transformResponse: (response: { approvals: ApprovalView[] }) => response.approvals,
      providesTags: ['Approval'],
    }),
    decideApproval: build.mutation<{ message: string; approval: ApprovalView }, { id: string; decision: 'approve' | 'reject'; note?: string }>({
      query: ({ id, decision, note }) => ({ url: `admin/approvals/${encodeURIComponent(id)}/${decision}`, method: 'POST', body: note ? { note } : {} }),
      invalidatesTags: ['Approval', 'Users', 'User', 'History', 'Audit', 'Withdrawal'],
    }),
    users: build.query<UserListResponse, UserListArgs>({
      query: (args) => `users/getUsers${query(args)}`,
      providesTags: ['Users'],
    }),
    upgradeUser: build.mutation<{ message: string }, { id: string; role: Role }>({
      query: (body) => ({ url: 'users/upgradeUser', method: 'POST', body }),
      invalidatesTags: ['Users', 'Audit', 'Outbox'],
    }),
    deleteUser: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Users', 'Audit'],
    }),
    sendComposedEmail: build.mutation<{ message: string }, ComposeEmailInput>({
      query: (body) => ({ url: 'users/sendComposedEmail', method: 'POST', body }),
      invalidatesTags: ['Outbox', 'Audit'],
    }),
    outbox: build.query<OutboxListResponse, { status?: OutboxStatusName; page?: number }>({
      query: (args) => `admin/outbox${query(args)}`,
      providesTags: ['Outbox'],
    }),
    retryEmail: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `admin/outbox/${id}/retry`, method: 'POST' }),
      invalidatesTags: ['Outbox', 'Audit'],
    }),
    audit: build.query<AuditListResponse, AuditArgs>({
      query: (args) => `admin/audit${query(args)}`,
      providesTags: ['Audit'],
    }),
    settings: build.query<AdminSettings, void>({
      query: () => 'admin/settings',
      providesTags: ['Settings'],
    }),
    saveSettings: build.mutation<AdminSettings, Partial<AdminSettings>>({
      query: (body) => ({ url: 'admin/settings', method: 'PUT', body }),
      invalidatesTags: ['Settings', 'Audit'],
    }),
    solvency: build.query<SolvencyReport, void>({
      query: () => 'admin/solvency',
    }),
    staffHome: build.query<StaffHome, void>({
      query: () => 'admin/home',
      // A request arriving in any queue (live, see live.tsx) or a staff action refreshes it.
      providesTags: ['Payment', 'Investment', 'Withdrawal', 'Kyc', 'Approval', 'Audit', 'User'],
    }),
    pendingCounts: build.query<PendingCounts, void>({
      query: () => 'admin/pending-counts',
    }),
  }),
});

export const {
  useApprovalsQuery,
  useDecideApprovalMutation,
  useUsersQuery,
  useUpgradeUserMutation,
  useDeleteUserMutation,
  useSendComposedEmailMutation,
  useOutboxQuery,
  useRetryEmailMutation,
  useAuditQuery,
  useSettingsQuery,
  useSaveSettingsMutation,
  useSolvencyQuery,
  useStaffHomeQuery,
} = adminApi;
