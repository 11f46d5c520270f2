import { z } from 'zod';
import { txHashField } from './chain';
import { personSchema, textField } from './common';

/** Four eyes (PRODUCT §1.12): what a second staff member approves. */
export const APPROVAL_KINDS = ['balance', 'profit', 'fees', 'withdrawal'] as const;
export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;

/** The staff member who asked or decided. */
const person = personSchema.pick({ _id: true, name: true });

export const approvalViewSchema = z.object({
  _id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  user: personSchema,
  withdrawalId: z.string().nullable(),
  operation: z.enum(['add', 'deduct']).nullable(),
  amount: z.string(),
  reason: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: person,
  requestedAt: z.string(),
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;

/** POST /api/admin/approvals/:id/approve | reject. A withdrawal's approval takes its payout hash. */
export const approvalDecisionSchema = z.object({
  note: textField(500, 'A note must be at most 500 characters').optional(),
  txHash: txHashField.optional(),
});

export const SELF_APPROVAL_MESSAGE = 'You cannot approve your own request: another staff member must approve it';
