import { z } from 'zod';
import { PENDING_QUEUES } from '../queues';

/** How many of the latest audit entries the staff home shows. */
export const STAFF_HOME_AUDIT_ENTRIES = 6;

/** One staff queue on the staff home: what waits, since when, and how much of it is late. */
export const staffQueueSummarySchema = z.object({
  queue: z.enum(PENDING_QUEUES),
  count: z.number().int().nonnegative(),
  /** When the oldest waiting request came in; null when nothing waits. */
  oldestAt: z.string().nullable(),
  /** Whole hours since then (as the queue pages count them). */
  oldestAgeHours: z.number().int().nonnegative().nullable(),
  /** Requests waiting longer than `overdueAfterBusinessDays` business days. */
  overdue: z.number().int().nonnegative(),
});
export type StaffQueueSummary = z.infer<typeof staffQueueSummarySchema>;

/** GET /api/admin/home: what waits for staff first, then the platform's standing. Money as decimal strings. */
export const staffHomeSchema = z.object({
  queues: z.array(staffQueueSummarySchema),
  /** The FAQ promises processing in 1-2 business days: requests older than this are flagged. */
  overdueAfterBusinessDays: z.number().int().positive(),
  solvency: z.object({
    /** Balances, holds, invested principal and the profit due at maturity. */
    owed: z.string(),
    /** Received from users less paid out to them. */
    netReceived: z.string(),
    /** netReceived - owed; negative is a shortfall. */
    surplus: z.string(),
    activeInvestments: z.number().int().nonnegative(),
  }),
  recentAudit: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      action: z.string(),
      actorName: z.string().nullable(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
      targetName: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  /** The server's time of the answer (ages are counted to it). */
  at: z.string(),
});
export type StaffHome = z.infer<typeof staffHomeSchema>;
