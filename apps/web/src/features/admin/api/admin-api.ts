import type {
  ApprovalDecisionAnswer,
  ApprovalList,
  ApprovalView,
  AuditListResponse,
  ComposedEmailAnswer,
  ComposeEmailInput,
  MessageAnswer,
  OutboxListResponse,
  OutboxStatusName,
  PendingCounts,
  Role,
  Settings,
  SortOrder,
  SolvencyReport,
  StaffHome,
  UserListResponse,
  UserSort,
} from '@app/shared';
import { api } from '../../../lib/query';

/** Operator settings as the API returns them (`settingsSchema` in @app/shared). */
export type AdminSettings = Settings;

export interface UserListArgs {
  search?: string;
  limit?: number;
  sort?: UserSort;
  order?: SortOrder;
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
      transformResponse: (response: ApprovalList) => response.approvals,
      providesTags: ['Approval'],
    }),
    decideApproval: build.mutation<ApprovalDecisionAnswer, { id: string; decision: 'approve' | 'reject'; note?: string }>({
      query: ({ id, decision, note }) => ({ url: `admin/approvals/${encodeURIComponent(id)}/${decision}`, method: 'POST', body: note ? { note } : {} }),
      invalidatesTags: ['Approval', 'Users', 'User', 'History', 'Audit', 'Withdrawal'],
    }),
    /** Keyset pages of the users, newest first or sorted by a column: the next page's cursor is the previous page's nextCursor. */
    users: build.infiniteQuery<UserListResponse, UserListArgs, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.nextCursor },
      query: ({ queryArg, pageParam }) => `users/getUsers${query({ ...queryArg, cursor: pageParam })}`,
      providesTags: ['Users'],
    }),
    upgradeUser: build.mutation<MessageAnswer, { id: string; role: Role }>({
      query: (body) => ({ url: 'users/upgradeUser', method: 'POST', body }),
      invalidatesTags: ['Users', 'Audit', 'Outbox', 'Approval'],
    }),
    deleteUser: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Users', 'Audit'],
    }),
    sendComposedEmail: build.mutation<ComposedEmailAnswer, ComposeEmailInput>({
      query: (body) => ({ url: 'users/sendComposedEmail', method: 'POST', body }),
      invalidatesTags: ['Outbox', 'Audit'],
    }),
    outbox: build.query<OutboxListResponse, { status?: OutboxStatusName; page?: number }>({
      query: (args) => `admin/outbox${query(args)}`,
      providesTags: ['Outbox'],
    }),
    retryEmail: build.mutation<MessageAnswer, number>({
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
  useUsersInfiniteQuery,
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
