/**
 * §3 static plan display: the description and four benefits for each plan, by name.
 * Used when the plan record from the API has none of its own.
 */
export const PLAN_COPY: Record<string, { description: string; benefits: [string, string, string, string] }> = {
  Basic: {
    description: 'A short first step: see how a full term works with a small amount.',
    benefits: ['Principal and profit back at maturity', 'Term rate and fees shown before you confirm', 'Upgrade from the dashboard', 'Support by chat, email and phone'],
  },
  Standard: {
    description: 'A one-day term for investors who know the routine.',
    benefits: ['Principal and profit back at maturity', 'Countdown on your dashboard', 'Upgrade from the dashboard', 'Support by chat, email and phone'],
  },
  Premium: {
    description: 'A higher rate for a larger one-day commitment.',
    benefits: ['Principal and profit back at maturity', 'Countdown on your dashboard', 'Upgrade from the dashboard', 'Every entry in your history'],
  },
  Elite: {
    description: 'For regular investors moving larger amounts each term.',
    benefits: ['Principal and profit back at maturity', 'Countdown on your dashboard', 'Upgrade from the dashboard', 'Every entry in your history'],
  },
  Diamond: {
    description: 'Our highest one-day rate.',
    benefits: ['Principal and profit back at maturity', 'Countdown on your dashboard', 'Upgrade to Executive', 'Every entry in your history'],
  },
  Executive: {
    description: 'A two-day term with the highest rate we offer.',
    benefits: ['Principal and profit back at maturity', 'Countdown on your dashboard', 'Highest term rate', 'Every entry in your history'],
  },
};

export const PLAN_FALLBACK_COPY = {
  description: 'A fixed-term plan: your principal and profit return to your wallet at maturity.',
  benefits: ['Principal and profit back at maturity', 'Term rate and fees shown before you confirm', 'Upgrade from the dashboard', 'Support by chat, email and phone'],
};
