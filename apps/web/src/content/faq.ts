/**
 * SPEC §1 FAQ: ten questions. Every claim here is true of the software (PRODUCT.md §3);
 * if you change what the product does, change this file with it.
 */
/**
 * Two answers depend on the operator's settings and plans: `{minInvestment}` (the lowest
 * minimum of the open plans) and `{support}` (only the channels and hours configured).
 */
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export const FAQ: FaqItem[] = [
  {
    id: 'wallets',
    question: 'How many wallets can I connect?',
    answer:
      'You can connect two wallets at once. Save up to two withdrawal addresses in your account and choose which one to use each time you withdraw. Every address is checked against the format of its network before it is saved.',
  },
  {
    id: 'withdrawal-time',
    question: 'When can I withdraw, and how long does it take?',
    answer:
      'Withdrawals are available 24/7: you can request one at any time. Requests are usually processed in 1-2 business days. The amount is set aside from your available balance as soon as you ask, and our team sees how long each request has been waiting, so none is forgotten.',
  },
  {
    id: 'minimum',
    question: 'What is the minimum investment?',
    answer:
      'The minimum investment is {minInvestment}, the lowest minimum of our plans. Each plan has its own range, shown on the plan card; the amount you enter must fit that range, and our server checks it as well as the form.',
  },
  {
    id: 'fees',
    question: 'Are there any fees?',
    answer:
      'Fees are transparent and shown before a transaction. If a transaction carries a fee, you see the fee and the net amount on the form before you confirm. Fees are taken from your balance as visible entries in your history; we never ask you to make a new deposit to release a withdrawal.',
  },
  {
    id: 'upgrade',
    question: 'Can I upgrade my plan?',
    answer:
      'Yes, plans can be upgraded from the dashboard. Choose a higher plan for an active investment and add the top-up. Once approved, the current term ends early with profit for the time it ran, and the principal, that profit and the top-up start the new term.',
  },
  {
    id: 'verification',
    question: 'Do I need to verify my email?',
    answer:
      'Yes. Email verification is required before withdrawals, and before deposits and investments too. Identity verification (KYC) follows, in the order shown on How it works. If a step is missing, the page tells you which one.',
  },
  {
    id: 'security',
    question: 'How is my account kept secure?',
    answer:
      'We use bank-grade encryption, two-factor authentication and regular audits. Passwords are stored with argon2id, identity documents are encrypted at rest and only reviewed by staff, you can turn on an authenticator app with recovery codes, every staff action goes to an audit log, and every balance can be re-derived from the ledger and checked.',
  },
  {
    id: 'support',
    question: 'How do I reach support?',
    answer:
      '{support} Write to us from the Help Center form and your message goes straight to our support team; every channel we offer is listed there.',
  },
  {
    id: 'returns',
    question: 'How are returns paid?',
    answer:
      'When an investment reaches maturity, your principal and the profit (amount times the plan rate) return to your wallet balance, from where you can reinvest or withdraw. Your total profit is the sum of those credits, shown on your dashboard.',
  },
  {
    id: 'start',
    question: 'How do I get started?',
    answer:
      'Create an account, confirm your email, upload your identity documents, fund your wallet and pick a plan. The How it works page walks through each of the seven steps.',
  },
];
