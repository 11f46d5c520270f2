import { VERIFIED_EMAIL_NEEDED } from '@app/shared';

/** SPEC §2 /how-it-works: the seven steps, in order. */
export interface Step {
  id: string;
  title: string;
  body: string;
  link?: { to: string; label: string };
}

export const STEPS: Step[] = [
  {
    id: 'account',
    title: 'Create your account',
    body: 'Register with your name, email, phone and country, and choose a strong password. Have a referral code? Add it here.',
    link: { to: '/register', label: 'Create an account' },
  },
  {
    id: 'email',
    title: 'Confirm your email',
    body: `We send a link to your inbox. Opening it confirms the address is yours. ${VERIFIED_EMAIL_NEEDED}`,
  },
  {
    id: 'kyc',
    title: 'Get your KYC approved',
    body: 'Upload the front and back of an identity document. Files are encrypted at rest and only our review team can open them. You will see Pending, then Approved (or a clear reason to re-upload).',
  },
  {
    id: 'fund',
    title: 'Fund your wallet',
    body: 'Send crypto to the platform address shown on the deposit page (with a QR code and a copy button), then report the USD amount. Your balance is credited once our team confirms the payment.',
  },
  {
    id: 'plan',
    title: 'Pick a plan',
    body: 'Compare the six plans: term rate, annual equivalent, amount range and duration are on every card. Choose the one that fits and enter an amount within its range.',
    link: { to: '/investment-plans', label: 'Compare plans' },
  },
  {
    id: 'send-receive',
    title: 'Send and receive',
    body: 'At maturity your principal and profit return to your wallet. Reinvest, or withdraw to one of your two saved wallet addresses at any time; requests are usually processed in 1-2 business days.',
  },
  {
    id: 'referrals',
    title: 'Earn from referrals',
    body: 'Share your referral link. When a friend you referred has their first deposit confirmed, you earn a bonus of up to $5, paid into your wallet.',
  },
];
