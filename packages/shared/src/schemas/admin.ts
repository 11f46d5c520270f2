import { z } from 'zod';
import { ROLES, type KycStatus, type Role } from '../roles';
import { REQUIRED, emailField, requiredString } from './common';
import { STAFF_QUEUE_LIMIT, STAFF_QUEUE_PAGE } from '../constants';

/** SPEC §5 and §8 texts for the back office, shared by the server's answers and the web pages. */
export const ADMIN_MESSAGES = {
  selectRole: 'Please select a role',
  emailSent: 'Email sent successfully!',
  emailFailed: 'Failed to send email. Please try again.',
  somethingWrong: 'Something went wrong.',
  notYourself: 'You cannot do this to your own account',
  lowerRolesOnly: 'You can only manage accounts with a lower role than yours',
  onlyAdminsGrantStaff: 'Only an admin can grant or remove staff roles (author, admin)',
  userNotFound: 'User not found',
  notImpersonating: 'You are not impersonating anyone',
} as const;

/** POST /api/users/upgradeUser: SPEC §5 role change ('Please select a role'). */
export const upgradeUserSchema = z.object({
  id: z.string({ error: ADMIN_MESSAGES.userNotFound }).trim().min(1, ADMIN_MESSAGES.userNotFound).max(64),
  role: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(ROLES, { error: ADMIN_MESSAGES.selectRole }),
  ),
});
export type UpgradeUserInput = z.input<typeof upgradeUserSchema>;

/** POST /api/users/sendComposedEmail: SPEC §3 composed email, §5 all fields required, emails valid. */
export const composeEmailSchema = z.object({
  send_to: emailField(),
  reply_to: emailField(),
  subject: requiredString(REQUIRED, 200),
  message: requiredString(REQUIRED, 10_000),
});
export type ComposeEmailInput = z.input<typeof composeEmailSchema>;

/** GET /api/users/getUsers query. */
/** A page of a staff queue, oldest first: `limit` cases after `cursor` (the previous page's nextCursor). */
export const staffQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(STAFF_QUEUE_LIMIT).default(STAFF_QUEUE_PAGE),
  cursor: z.string().max(200).optional(),
});
export type StaffQueueQuery = z.infer<typeof staffQueueQuerySchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** One user in the staff list: the user object plus what staff need to see. */
export interface AdminUserView {
  _id: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  photo: string | null;
  role: Role;
  isVerified: boolean;
  kycStatus: KycStatus;
  balance: string;
  availableBalance: string;
  investmentBalance: string;
  totalMaturityAmount: string;
  fees: string;
  hasFees: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface UserListResponse {
  users: AdminUserView[];
  page: number;
  limit: number;
  /** Users matching the search. */
  total: number;
  pages: number;
  /** Over every (not deleted) account, whatever the search: SPEC §3 counts. */
  counts: { all: number; verified: number; suspended: number };
}

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'stored'] as const;
export type OutboxStatusName = (typeof OUTBOX_STATUSES)[number];

export interface OutboxItem {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  kind: string;
  status: OutboxStatusName;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
  /** Plain-text body, or null for emails that carry secrets (links, codes). */
  text: string | null;
}

export interface OutboxListResponse {
  items: OutboxItem[];
  page: number;
  pages: number;
  total: number;
  counts: Record<OutboxStatusName, number>;
  /** False when no SMTP is configured: emails are kept ("stored"), not sent. */
  delivering: boolean;
}

export interface AuditItem {
  id: number;
  at: string;
  action: string;
  actorId: string | null;
  actorName: string | null;
  impersonatorId: string | null;
  impersonatorName: string | null;
  targetType: string | null;
  targetId: string | null;
  /** The user's name when the target is a user. */
  targetName: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
}

export interface AuditListResponse {
  items: AuditItem[];
  page: number;
  pages: number;
  total: number;
  actions: string[];
}

/** Staff queues with live counts: defined zod-free in ../queues (first-load budget). */
export { PENDING_QUEUES, type PendingQueue, type PendingCounts } from '../queues';

const decimal = z.string();
/** GET /api/admin/solvency. Money as decimal strings, like every money figure in the API. */
export const solvencyReportSchema = z.object({
  owed: z.object({
    balances: decimal,
    available: decimal,
    held: decimal,
    investedPrincipal: decimal,
    profitDueAtMaturity: decimal,
    total: decimal,
  }),
  flows: z.object({ received: decimal, paidOut: decimal, feeIncome: decimal, profitPaid: decimal, adjustments: decimal, net: decimal }),
  /** net flows less what is owed: negative means the platform owes more than it holds. */
  surplus: decimal,
  activeInvestments: z.number(),
  ledger: z
    .object({
      ok: z.boolean(),
      checkedAt: z.string(),
      journals: z.number(),
      postings: z.number(),
      accounts: z.number(),
      problems: z.array(z.object({ check: z.string(), detail: z.string() })),
    })
    .nullable(),
  /** What the users' own deposit addresses hold on chain now, per asset (null without an RPC). */
  onchain: z
    .object({
      network: z.string(),
      chainId: z.number().int().nullable(),
      addresses: z.number().int(),
      assets: z.array(z.object({ asset: z.string(), amount: z.string(), usdValue: z.string().nullable() })),
      checkedAt: z.string(),
      /** Why the figures are missing or partial, if they are. */
      message: z.string().nullable(),
    })
    .nullable(),
});
export type SolvencyReport = z.infer<typeof solvencyReportSchema>;
