/**
 * The seeded plans' description and benefits (drizzle/0007_seed_plans.sql), in the spec's English.
 * The web shows each language's version of a text staff have not changed since the seed.
 */
export const SEED_PLAN_TEXTS: Readonly<Record<string, { description: string; benefits: readonly string[] }>> = {
  Basic: {
    description: 'A one-day starter plan for a first, small investment.',
    benefits: ['8% return over a 1-day term', 'Invest from $100 to $190', 'Principal and profit paid to your wallet at maturity', 'Upgradeable to a higher plan'],
  },
  Standard: {
    description: 'A one-day plan with a higher rate for a growing balance.',
    benefits: ['10% return over a 1-day term', 'Invest from $200 to $290', 'Principal and profit paid to your wallet at maturity', 'Upgradeable to a higher plan'],
  },
  Premium: {
    description: 'A one-day plan for investors ready to commit more.',
    benefits: ['15% return over a 1-day term', 'Invest from $300 to $390', 'Principal and profit paid to your wallet at maturity', 'Upgradeable to a higher plan'],
  },
  Elite: {
    description: 'A one-day plan with an elevated rate.',
    benefits: ['18% return over a 1-day term', 'Invest from $400 to $490', 'Principal and profit paid to your wallet at maturity', 'Upgradeable to a higher plan'],
  },
  Diamond: {
    description: 'Our highest one-day rate for larger investments.',
    benefits: ['23% return over a 1-day term', 'Invest from $500 to $600', 'Principal and profit paid to your wallet at maturity', 'Upgradeable to the Executive plan'],
  },
  Executive: {
    description: 'A two-day plan with the highest return.',
    benefits: ['28% return over a 2-day term', 'Invest from $700 to $1,000', 'Principal and profit paid to your wallet at maturity', 'Fees and payout shown before you confirm'],
  },
};
