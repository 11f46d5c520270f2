import { z } from 'zod';
import { PENDING_QUEUES, type PendingQueue } from '../queues';
import { ROLES } from '../roles';
import { approvalViewSchema } from './approvals';
import { userViewSchema } from './auth';
import { REQUIRED, decimalString, emailField, messageSchema, pageOf, requiredString } from './common';
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

/** A page of a staff queue, oldest first: `limit` cases after `cursor` (the previous page's nextCursor). */
export const staffQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(STAFF_QUEUE_LIMIT).default(STAFF_QUEUE_PAGE),
  cursor: z.string().max(200).optional(),
});
export type StaffQueueQuery = z.infer<typeof staffQueueQuerySchema>;

/** The columns the staff users list sorts by (the back office's users table). */
export const USER_SORTS = ['joined', 'name', 'email', 'role', 'kyc', 'balance'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * GET /api/users/getUsers query: a keyset page of the users, optionally matching a search,
 * sorted by a column (default: joined, newest first; another column: ascending unless `order` says).
 */
export const userListQuerySchema = staffQueueQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(USER_SORTS, { error: 'Unknown sort column' }).default('joined'),
  order: z.enum(SORT_ORDERS, { error: 'Order must be asc or desc' }).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** One user in the staff list: the user object less what only its owner sees, plus the last sign-in. */
export const adminUserViewSchema = userViewSchema
  .pick({ _id: true, name: true, email: true, phone: true, country: true, photo: true, role: true, isVerified: true, kycStatus: true, balance: true, availableBalance: true, investmentBalance: true, totalMaturityAmount: true, fees: true, hasFees: true, createdAt: true })
  .extend({ lastLoginAt: z.string().nullable() });
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

/** GET /api/users/getUsers: a page of users and the next page's cursor (null on the last). */
export const userListResponseSchema = z.object({
  users: z.array(adminUserViewSchema),
  nextCursor: z.string().nullable(),
  /** Users matching the search. */
  total: z.number(),
  /** Over every (not deleted) account, whatever the search: SPEC §3 counts. */
  counts: z.object({ all: z.number(), verified: z.number(), suspended: z.number() }),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** POST /api/users/impersonate/:id. */
export const impersonationAnswerSchema = messageSchema.extend({ name: z.string() });
export type ImpersonationAnswer = z.infer<typeof impersonationAnswerSchema>;
/** POST /api/users/exit-impersonation: whether the staff member's own session came back. */
export const exitImpersonationAnswerSchema = messageSchema.extend({ restored: z.boolean() });
export type ExitImpersonationAnswer = z.infer<typeof exitImpersonationAnswerSchema>;
/** POST /api/users/sendComposedEmail: the queued email's id. */
export const composedEmailAnswerSchema = messageSchema.extend({ id: z.number() });
export type ComposedEmailAnswer = z.infer<typeof composedEmailAnswerSchema>;

/** restored: waiting when a backup was taken; a restored install sends it only when staff say so. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'stored', 'restored'] as const;
export type OutboxStatusName = (typeof OUTBOX_STATUSES)[number];

export const outboxItemSchema = z.object({
  id: z.number(),
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  /** Plain-text body, or null for emails that carry secrets (links, codes). */
  text: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** GET /api/admin/outbox. */
export const outboxListResponseSchema = pageOf(outboxItemSchema).extend({
  counts: z.object({ pending: z.number(), sent: z.number(), failed: z.number(), stored: z.number(), restored: z.number() }),
  /** False when no SMTP is configured: emails are kept ("stored"), not sent. */
  delivering: z.boolean(),
});
export type OutboxListResponse = z.infer<typeof outboxListResponseSchema>;

export const auditItemSchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  // Who acted (and on whose behalf, when impersonating), and on what.
  actorId: z.string().nullable(), actorName: z.string().nullable(), actorEmail: z.string().nullable(),
  impersonatorId: z.string().nullable(), impersonatorName: z.string().nullable(),
  /** targetName, targetEmail: the user's when the target is a user. */
  targetType: z.string().nullable(), targetId: z.string().nullable(), targetName: z.string().nullable(), targetEmail: z.string().nullable(),
  /** The user a request belongs to when the target is their request (a deposit's owner): named in the entry's userId. */
  subjectName: z.string().nullable(), subjectEmail: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

/** GET /api/admin/audit, with every action name for the filter. */
export const auditListResponseSchema = pageOf(auditItemSchema).extend({ actions: z.array(z.string()) });
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** GET /api/admin/approvals. */
export const approvalListSchema = z.object({ approvals: z.array(approvalViewSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;
/** POST /api/admin/approvals/:id/approve | reject. */
export const approvalDecisionAnswerSchema = messageSchema.extend({ approval: approvalViewSchema });
export type ApprovalDecisionAnswer = z.infer<typeof approvalDecisionAnswerSchema>;

/** Staff queues with live counts: the names are zod-free in ../queues (first-load budget). */
export { PENDING_QUEUES, type PendingQueue, type PendingCounts } from '../queues';
/** GET /api/admin/pending-counts: requests waiting in each queue. */
export const pendingCountsSchema = z.object(Object.fromEntries(PENDING_QUEUES.map((queue) => [queue, z.number()])) as Record<PendingQueue, z.ZodNumber>);

/** GET /api/admin/solvency. Money as decimal strings, like every money figure in the API. */
export const solvencyReportSchema = z.object({
  owed: z.object({
    balances: decimalString,
    available: decimalString,
    held: decimalString,
    investedPrincipal: decimalString,
    profitDueAtMaturity: decimalString,
    total: decimalString,
  }),
  flows: z.object({ received: decimalString, paidOut: decimalString, feeIncome: decimalString, profitPaid: decimalString, adjustments: decimalString, net: decimalString }),
  /** net flows less what is owed: negative means the platform owes more than it holds. */
  surplus: decimalString,
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

/** GET /api/ledger/verify: every balance re-derived from the postings (figures in cents, staff only). */
export const ledgerReportSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  /** How many of each the check read. */
  journals: z.number(), postings: z.number(), accounts: z.number(),
  /** Platform-wide figures re-derived from the postings, in cents. */
  totals: z.object({
    owedToUsersCents: z.number(),
    heldCents: z.number(),
    investedCents: z.number(),
    receivedFundsCents: z.number(),
    feeIncomeCents: z.number(),
    profitExpenseCents: z.number(),
    adjustmentsCents: z.number(),
  }),
  problems: z.array(
    z.object({
      check: z.enum(['journal_unbalanced', 'journal_without_postings', 'account_cache', 'account_sign', 'holds', 'posting_owner']),
      detail: z.string(),
    }),
  ),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;
export type LedgerProblem = LedgerReport['problems'][number];
