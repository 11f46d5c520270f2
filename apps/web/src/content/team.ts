/**
 * SPEC §2 leadership section and §3 Team member (id, name, title, image, description, icon).
 * SAMPLES: placeholder people shipped with the software. Replace them with your real team
 * and set TEAM_IS_SAMPLE to false. `image` is left empty: cards show initials, never stock photos.
 */
export type TeamIcon = 'chart' | 'briefcase' | 'globe' | 'compass';

export interface TeamMember {
  id: string;
  name: string;
  title: string;
  /** Optional portrait URL; when empty the card shows the person's initials. */
  image: string;
  description: string;
  icon: TeamIcon;
}

export const TEAM_IS_SAMPLE = true;

export const LEADERSHIP_HEADING = 'Meet Our Leadership';
export const LEADERSHIP_SUBTITLE =
  'Experienced experts who guide investors through every decision, from choosing a plan to planning what comes next.';

export const TEAM: TeamMember[] = [
  {
    id: 'cio',
    name: 'Eleanor Vance',
    title: 'Chief Investment Officer',
    image: '',
    description: 'Sets the plan line-up and the limits each plan carries, with a focus on keeping terms simple and disclosed in full.',
    icon: 'chart',
  },
  {
    id: 'wealth',
    name: 'Marcus Adeyemi',
    title: 'Head of Wealth Management',
    image: '',
    description: 'Leads the team that reviews deposits and withdrawals, and makes sure every request is answered on time.',
    icon: 'briefcase',
  },
  {
    id: 'strategist',
    name: 'Sofia Lindgren',
    title: 'Global Market Strategist',
    image: '',
    description: 'Follows currency and crypto markets and writes the plain-language notes behind our market pages.',
    icon: 'globe',
  },
  {
    id: 'advisor',
    name: 'Rahul Mehta',
    title: 'Senior Investment Advisor',
    image: '',
    description: 'Helps investors match a plan to their goals and explains the risks before anyone commits.',
    icon: 'compass',
  },
];
