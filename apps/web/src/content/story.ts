/**
 * /our-story: how the page is built. The texts are `story.*` in the `publicText` messages:
 * each section's heading and paragraphs, each value's title and text.
 */
export const STORY_SECTIONS = ['why', 'how', 'never'] as const;

export const STORY_VALUES = ['disclosure', 'ledger', 'people'] as const;
