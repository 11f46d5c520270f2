import type { KycStatus } from './roles';

/** Money actions that need a verified email and approved KYC (PRODUCT §2 Gating). */
export type GatedAction = 'deposit' | 'invest' | 'withdraw';

const VERB: Record<GatedAction, string> = { deposit: 'make a deposit', invest: 'invest', withdraw: 'request a withdrawal' };

export type MissingStep = 'email' | 'kyc' | null;

/**
 * What an unverified email blocks (issue 40.7): the one sentence of the email banner, the KYC
 * card, the how-it-works page and the verification email (its copy in the server's email
 * locales, `verification.gating`, is held to the web's by test/email/locales.test.ts). The
 * server refuses the same: gatingMessage.
 */
export const VERIFIED_EMAIL_NEEDED = 'Deposits, investments and withdrawals need a verified email and approved KYC.';

/** The first how-it-works step the user has not completed, if any. */
export function missingStep(user: { isVerified: boolean; kycStatus: KycStatus }): MissingStep {
  if (!user.isVerified) return 'email';
  if (user.kycStatus !== 'Approved') return 'kyc';
  return null;
}

/** The refusal text naming the missing step, or null when the action is allowed (server and pages say the same). */
export function gatingMessage(user: { isVerified: boolean; kycStatus: KycStatus }, action: GatedAction): string | null {
  const verb = VERB[action];
  switch (missingStep(user)) {
    case 'email':
      return `Please verify your email address before you ${verb}. Use the link we emailed you, or resend it from your dashboard.`;
    case 'kyc':
      if (user.kycStatus === 'Pending') return `Your KYC documents are under review. You can ${verb} once they are approved.`;
      if (user.kycStatus === 'Rejected') return `Your KYC documents were rejected. Please upload them again before you ${verb}.`;
      return `Please upload your KYC documents and wait for approval before you ${verb}.`;
    default:
      return null;
  }
}
