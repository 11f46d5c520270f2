/**
 * SPEC §2 /Hierarchy: the four achievement badges, in order. Each badge's name, summary and
 * requirements are `hierarchy.badges.<level>` in the `publicText` messages.
 */
export type BadgeLevel = 'member' | 'leader' | 'expert' | 'master';

export const BADGE_LEVELS: BadgeLevel[] = ['member', 'leader', 'expert', 'master'];
