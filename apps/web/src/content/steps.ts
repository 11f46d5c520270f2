/**
 * SPEC §2 /how-it-works: the seven steps, in order. Each step's title, text and link label are
 * `howItWorks.steps.<id>` in the `publicText` messages.
 */
export interface Step {
  id: 'account' | 'email' | 'kyc' | 'fund' | 'plan' | 'send-receive' | 'referrals';
  /** Where the step's link leads (its label: `howItWorks.steps.<id>.link`). */
  to?: string;
  /** Ends with what an unverified email blocks: VERIFIED_EMAIL_NEEDED, the banner's, KYC card's and email's sentence. */
  gating?: true;
}

export const STEPS: Step[] = [
  { id: 'account', to: '/register' },
  { id: 'email', gating: true },
  { id: 'kyc' },
  { id: 'fund' },
  { id: 'plan', to: '/investment-plans' },
  { id: 'send-receive' },
  { id: 'referrals' },
];
