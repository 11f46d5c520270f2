export const ROLES = ['subscriber', 'author', 'admin', 'suspended'] as const;
export type Role = (typeof ROLES)[number];

/** Staff share the back office (SPEC §6: author and admin are treated alike in the client). */
export const STAFF_ROLES: readonly Role[] = ['author', 'admin'];

export function isStaff(role: Role | string | undefined | null): boolean {
  return role === 'author' || role === 'admin';
}

/** Rank used for "staff act only on lower roles". suspended ranks with subscribers. */
export function roleRank(role: Role): number {
  switch (role) {
    case 'admin':
      return 3;
    case 'author':
      return 2;
    default:
      return 1;
  }
}

/**
 * The roles `actor` may give an account that has the role `target` (PRODUCT §2 Roles): staff
 * act only on lower roles; an admin gives any role, staff roles included; an author only keeps
 * subscribers in or out (suspend, reinstate).
 */
export function grantableRoles(actor: Role, target: Role): Role[] {
  if (roleRank(target) >= roleRank(actor)) return [];
  if (actor === 'admin') return [...ROLES];
  if (actor === 'author') return ['subscriber', 'suspended'];
  return [];
}

/**
 * The roles one admin may ask to give another (issue 39): recorded as a four-eyes request a
 * third admin approves, never done at once.
 */
export const ADMIN_REMOVAL_ROLES: readonly Role[] = ['author', 'subscriber', 'suspended'];

export const KYC_STATUSES = ['Not Submitted', 'Pending', 'Rejected', 'Approved'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const PAYMENT_STATUSES = ['Pending', 'Confirmed', 'Rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const INVESTMENT_STATUSES = ['Pending', 'Active', 'Ended', 'Rejected'] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

export const WITHDRAWAL_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
