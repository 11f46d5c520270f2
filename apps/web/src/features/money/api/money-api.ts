import type {
  AdjustAnswer,
  DashboardData,
  DepositAddressResponse,
  DepositOption,
  DepositOptionsResponse,
  FeeScheduleView,
  FeesToggleAnswer,
  HistoryItem,
  HistoryPage,
  HistoryType,
  MessageAnswer,
  MoneySummary,
  OnchainDepositsResponse,
  OnchainDepositView,
  PaymentAnswer,
  PaymentView,
  PendingWithdrawalList,
  SavedWalletList,
  SavedWalletView,
  WithdrawalAnswer,
  WithdrawalAsset,
  WithdrawalAssetList,
  WithdrawalDecisionAnswer,
  WithdrawalView,
} from '@app/shared';
import { api } from '../../../lib/query';

export type { DashboardData, HistoryItem };
export type Payment = PaymentView;
export type Withdrawal = WithdrawalView;
export type SavedWallet = SavedWalletView;
export type FeeSchedule = FeeScheduleView;

export interface HistoryArgs {
  type?: HistoryType | '';
  status?: string;
  cursor?: string | null;
  limit?: number;
}

export type MoneyUser = MoneySummary;

export type AdjustPath = 'updateDepositBalance' | 'editDepositBalance' | 'update-fees';

/** The query string for a history request (also used for the CSV link). */
export function historyQueryString(args: HistoryArgs & { format?: 'csv' }): string {
  const params = new URLSearchParams();
  if (args.type) params.set('type', args.type);
  if (args.status) params.set('status', args.status);
  if (args.cursor) params.set('cursor', args.cursor);
  if (args.limit) params.set('limit', String(args.limit));
  if (args.format) params.set('format', args.format);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const withKey = (key: string | undefined) => (key ? { 'idempotency-key': key } : undefined);

export const moneyApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardData, void>({ query: () => 'money/dashboard', providesTags: ['User'] }),
    history: build.query<HistoryPage, HistoryArgs>({
      query: (args) => `invest/getTransactionHistory${historyQueryString(args)}`,
      providesTags: ['History'],
    }),
    depositOptions: build.query<DepositOption[], void>({
      query: () => 'payments/deposit-addresses',
      transformResponse: (response: DepositOptionsResponse) => response.addresses,
    }),
    depositAddress: build.query<DepositAddressResponse, string>({ query: (asset) => `payments/deposit-address?asset=${encodeURIComponent(asset)}` }),
    onchainDeposits: build.query<OnchainDepositView[], void>({
      query: () => 'payments/onchain-deposits',
      transformResponse: (response: OnchainDepositsResponse) => response.deposits,
      providesTags: ['Payment'],
    }),
    createPayment: build.mutation<PaymentAnswer, { amount: string; asset?: string; txHash?: string; key?: string }>({
      query: ({ key, ...body }) => ({ url: 'payments/create', method: 'POST', body, headers: withKey(key) }),
      invalidatesTags: ['History', 'Payment', 'User'],
    }),
    /** A page of the queue; the next page's cursor comes in the x-next-cursor header (the answer is a bare list). */
    pendingDeposits: build.infiniteQuery<{ items: Payment[]; nextCursor: string | null }, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.nextCursor },
      query: ({ pageParam }) => (pageParam ? `payments/pending-deposit?cursor=${encodeURIComponent(pageParam)}` : 'payments/pending-deposit'),
      transformResponse: (items: Payment[], meta) => ({ items, nextCursor: meta?.response?.headers.get('x-next-cursor') ?? null }),
      providesTags: ['Payment'],
    }),
    payment: build.query<Payment, string>({
      query: (transactionId) => `payments/viewPaymentStatus/${encodeURIComponent(transactionId)}`,
      providesTags: ['Payment'],
    }),
    decidePayment: build.mutation<PaymentAnswer, { transactionId: string; decision: 'confirm' | 'reject'; notes?: string; amount?: string }>({
      query: ({ transactionId, decision, notes, amount }) => ({
        url: decision === 'confirm' ? 'payments/confirmPayment' : 'payments/rejectPayment',
        method: 'PATCH',
        body: { transactionId, status: decision === 'confirm' ? 'Confirmed' : 'Rejected', ...(notes ? { notes } : {}), ...(amount ? { amount } : {}) },
      }),
      invalidatesTags: ['Payment', 'History', 'User', 'Users'],
    }),
    feeSchedule: build.query<FeeSchedule, void>({ query: () => 'withDraw/fees' }),
    withdrawalAssets: build.query<WithdrawalAsset[], void>({
      query: () => 'withDraw/assets',
      transformResponse: (response: WithdrawalAssetList) => response.assets,
    }),
    createWithdrawal: build.mutation<WithdrawalAnswer, { amount: string; walletAddress: string; asset?: string; key?: string }>({
      query: ({ key, ...body }) => ({ url: 'withDraw/create', method: 'POST', body, headers: withKey(key) }),
      invalidatesTags: ['History', 'Withdrawal', 'User'],
    }),
    pendingWithdrawals: build.infiniteQuery<{ items: Withdrawal[]; nextCursor: string | null }, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.nextCursor },
      query: ({ pageParam }) => (pageParam ? `withDraw/pending?cursor=${encodeURIComponent(pageParam)}` : 'withDraw/pending'),
      transformResponse: (response: PendingWithdrawalList) => ({ items: response.withdrawals, nextCursor: response.nextCursor ?? null }),
      providesTags: ['Withdrawal'],
    }),
    withdrawal: build.query<Withdrawal, string>({ query: (id) => `withDraw/get-withdrawal/${encodeURIComponent(id)}`, providesTags: ['Withdrawal'] }),
    decideWithdrawal: build.mutation<WithdrawalDecisionAnswer, { id: string; decision: 'approve' | 'reject'; notes?: string; txHash?: string }>({
      query: ({ id, decision, notes, txHash }) => ({
        url: `withDraw/${decision}/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { ...(notes ? { notes } : {}), ...(txHash ? { txHash } : {}) },
      }),
      invalidatesTags: ['Withdrawal', 'History', 'User', 'Users', 'Approval'],
    }),
    wallets: build.query<SavedWallet[], void>({
      query: () => 'withDraw/wallets',
      transformResponse: (response: SavedWalletList) => response.wallets,
      providesTags: ['Wallet'],
    }),
    saveWallet: build.mutation<SavedWallet, { asset: string; address: string; label?: string }>({
      query: (body) => ({ url: 'withDraw/wallets', method: 'POST', body }),
      invalidatesTags: ['Wallet'],
    }),
    deleteWallet: build.mutation<MessageAnswer, string>({
      query: (id) => ({ url: `withDraw/wallets/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Wallet'],
    }),
    moneyUser: build.query<MoneyUser, string>({ query: (id) => `money/users/${encodeURIComponent(id)}`, providesTags: ['Users'] }),
    adjust: build.mutation<AdjustAnswer, { id: string; path: AdjustPath; operation: 'add' | 'deduct'; amount: string; reason: string }>({
      query: ({ id, path, ...body }) => ({ url: `users/${path}/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Users', 'User', 'History'],
    }),
    toggleFees: build.mutation<FeesToggleAnswer, { id: string; hasFees: boolean }>({
      query: ({ id, hasFees }) => ({ url: `users/fees-toggle/${encodeURIComponent(id)}`, method: 'PUT', body: { hasFees } }),
      invalidatesTags: ['Users', 'User'],
    }),
  }),
});

export const {
  useDashboardQuery,
  useHistoryQuery,
  useDepositOptionsQuery,
  useDepositAddressQuery,
  useOnchainDepositsQuery,
  useCreatePaymentMutation,
  usePendingDepositsInfiniteQuery,
  usePaymentQuery,
  useDecidePaymentMutation,
  useFeeScheduleQuery,
  useWithdrawalAssetsQuery,
  useCreateWithdrawalMutation,
  usePendingWithdrawalsInfiniteQuery,
  useWithdrawalQuery,
  useDecideWithdrawalMutation,
  useWalletsQuery,
  useSaveWalletMutation,
  useDeleteWalletMutation,
  useMoneyUserQuery,
  useAdjustMutation,
  useToggleFeesMutation,
} = moneyApi;
