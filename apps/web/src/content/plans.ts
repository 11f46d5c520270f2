/**
 * §3 static plan display: the plans that have their own description and four benefits (by
 * name), used when the plan record from the API has none of its own. The texts are
 * `plans.copy.<name>` in the `publicText` messages; any other plan gets `plans.copy.fallback`.
 */
export const PLANS_WITH_COPY = ['Basic', 'Standard', 'Premium', 'Elite', 'Diamond', 'Executive'] as const;
