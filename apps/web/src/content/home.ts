/** Home page copy (operator-editable). */
export const HERO = {
  eyebrow: 'Fixed-term plans · every figure shown first',
  headingStart: 'Invest with',
  /** Typed one after another (SPEC §9: 100 ms a character, 2 s pause). */
  phrases: ['clarity.', 'confidence.', 'full disclosure.'],
  body: 'Choose a plan, see the term rate, the annual equivalent, the range and every fee before you commit, and follow each dollar in a ledger you can check.',
};

export const PRODUCT_CARDS: Array<{ id: string; title: string; body: string; to: string; cta: string; icon: 'plans' | 'wallet' | 'shield' }> = [
  {
    id: 'plans',
    title: 'Fixed-term plans',
    body: 'Six plans from $100 to $1,000, one or two days each. The term rate and the annual equivalent are on every card.',
    to: '/investment-plans',
    cta: 'Compare plans',
    icon: 'plans',
  },
  {
    id: 'wallet',
    title: 'A crypto wallet you can follow',
    body: 'Fund with BTC, ETH or USDT. Every deposit, hold, profit and withdrawal is an entry in your history.',
    to: '/how-it-works',
    cta: 'See how it works',
    icon: 'wallet',
  },
  {
    id: 'security',
    title: 'Security you can check',
    body: 'Two-factor sign-in, encrypted identity documents and an audit log of every staff action.',
    to: '/our-story',
    cta: 'How we work',
    icon: 'shield',
  },
];

export const SCAM_BANNER = {
  title: 'Protect yourself from impersonators',
  points: [
    'We never ask for your password, login code or recovery codes, by email, phone, chat or social media.',
    'Only send funds to the deposit address shown inside your account. We never send addresses by message.',
    'We never ask for a fee or a new deposit to release a withdrawal.',
  ],
  action: 'If something feels wrong, stop and contact support.',
};

export const STATS_COPY = {
  heading: 'Vaultline in numbers',
  subtitle: 'Live figures from our ledger and our member records, updated as they change.',
  labels: {
    investors: 'Investors',
    countries: 'Countries',
    assetsUnderManagement: 'Assets under management',
    paidOut: 'Profit paid to investors',
  },
};
