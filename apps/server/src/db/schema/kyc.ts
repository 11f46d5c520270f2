import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userIdColumn, users } from './users';
import { at } from './columns';

/**
 * A submission's life: Pending until staff decide (Approved or Rejected), or Superseded when
 * the user replaces it before a decision. Rows are never deleted: every document a user ever
 * sent stays for the audit trail.
 */
export const KYC_SUBMISSION_STATUSES = ['Pending', 'Approved', 'Rejected', 'Superseded'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

/** One upload of a front and back identity document. users.kyc_status mirrors the latest decision. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    status: text('status').$type<KycSubmissionStatus>().notNull().default('Pending'),
    /** Storage keys (generated, never derived from the uploaded name). */
    frontKey: text('front_key').notNull(),
    backKey: text('back_key').notNull(),
    /** Content type decided from the bytes (after re-encoding for images). */
    frontMime: text('front_mime').notNull(),
    backMime: text('back_mime').notNull(),
    frontSize: integer('front_size').notNull(),
    backSize: integer('back_size').notNull(),
    /** The name the user's device gave, sanitised, for display only. */
    frontName: text('front_name').notNull().default(''),
    backName: text('back_name').notNull().default(''),
    submittedAt: at('submitted_at').notNull(),
    reviewedById: text('reviewed_by_id').references(() => users.id),
    reviewedAt: at('reviewed_at'),
    /** Staff's reason; shown to the user when rejected. */
    reason: text('reason'),
  },
  (table) => [
    index('kyc_submissions_user_idx').on(table.userId, table.submittedAt),
    index('kyc_submissions_status_idx').on(table.status, table.submittedAt),
    uniqueIndex('kyc_submissions_one_pending_per_user')
      .on(table.userId)
      .where(sql`${table.status} = 'Pending'`),
  ],
);

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
