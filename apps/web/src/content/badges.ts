/** SPEC §2 /Hierarchy: the four achievement badges and what earns each. */
export type BadgeLevel = 'member' | 'leader' | 'expert' | 'master';

export interface AchievementBadge {
  level: BadgeLevel;
  name: string;
  summary: string;
  requirements: string[];
}

export const BADGES_INTRO =
  'Badges recognise how far you have come with Vaultline. They are recognition only: they never change a plan rate, a fee or a limit.';

export const BADGES: AchievementBadge[] = [
  {
    level: 'member',
    name: 'Member',
    summary: 'Where everyone starts.',
    requirements: ['Create an account', 'Confirm your email address', 'Get your identity (KYC) approved'],
  },
  {
    level: 'leader',
    name: 'Leader',
    summary: 'For investors who have seen a full cycle.',
    requirements: ['Complete your first investment through to maturity', 'Refer at least one friend whose first deposit is confirmed'],
  },
  {
    level: 'expert',
    name: 'Expert',
    summary: 'For regular, steady investors.',
    requirements: ['Complete five investments through to maturity', 'Use at least three different plans', 'Turn on two-factor authentication'],
  },
  {
    level: 'master',
    name: 'Master',
    summary: 'Our most experienced investors.',
    requirements: ['Complete twenty investments through to maturity', 'Refer five friends whose first deposits are confirmed', 'Hold an account for at least twelve months'],
  },
];
