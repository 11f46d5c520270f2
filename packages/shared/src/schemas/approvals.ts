import { z } from 'zod';
import { ROLES } from '../roles';
import { txHashField } from './chain';
import { personSchema, textField } from './common';

/**
 * Four eyes (PRODUCT §1.12): what a second staff member approves. 'role' is an admin's request
 * to demote or suspend another admin, which a third admin approves (issue 39).
 */
export const APPROVAL_KINDS = ['balance', 'profit', 'fees', 'withdrawal', 'role'] as const;
/** Cancelled: its requester lost the role that made the request (issue 39), so nobody can decide it. */
export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Cancelled'] as const;

/** The staff member who asked or decided. */
const person = personSchema.pick({ _id: true, name: true });

export const approvalViewSchema = z.object({
  _id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  user: personSchema,
  withdrawalId: z.string().nullable(),
  operation: z.enum(['add', 'deduct']).nullable(),
  /** The role a 'role' request gives the admin; null for the other kinds. */
  role: z.enum(ROLES).nullable(),
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

/**
 * Four eyes after a role change (issue 39). A pending request is cancelled, with one of the
 * `cancelled*` texts as its decision note (also the 409 given to whoever decides it later), in
 * the transaction that takes its requester's staff role away.
 */
export const APPROVAL_MESSAGES = {
  cancelledDemoted: 'Cancelled because the requester no longer holds a staff role',
  cancelledNotAdmin: 'Cancelled because the requester is no longer an admin',
  cancelledSuspended: 'Cancelled because the requester was suspended',
  cancelledDeleted: "Cancelled because the requester's account was deleted",
  requesterNotEntitled: 'The requester no longer holds the role this request needs, so it cannot be approved',
  alreadyDecided: 'This request has already been decided',
  adminsOnly: "Only an admin can decide a change to an admin's role",
  notTheTarget: 'The admin whose role would change cannot decide this request',
  targetChanged: "This admin's role has changed since the request, so it cannot be carried out",
  lastAdmin: 'The last admin cannot be removed, demoted, suspended or deleted',
  roleRequestPending: "A change to this admin's role already waits for approval",
  roleRequestRecorded: 'Recorded: another admin (not you, not {{name}}) must approve this role change',
  deleteAdmin: "An admin's account cannot be deleted: first remove the admin role, which another admin approves",
} as const;
