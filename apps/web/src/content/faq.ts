/**
 * SPEC §1 FAQ: ten questions, in this order. Their texts are `faq.items.<id>` in the
 * `publicText` messages. Every claim there is true of the software (PRODUCT.md §3); if you
 * change what the product does, change those texts with it. Two answers depend on the
 * operator's settings and plans: `{{minInvestment}}` (the lowest minimum of the open plans) and
 * `{{support}}` (only the channels and hours configured).
 */
export const FAQ_IDS = ['wallets', 'withdrawal-time', 'minimum', 'fees', 'upgrade', 'verification', 'security', 'support', 'returns', 'start'] as const;
