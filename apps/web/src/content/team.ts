/**
 * SPEC §2 leadership section and §3 Team member (id, name, title, image, description, icon).
 * Each member's title and description are `leadership.members.<id>` in the `publicText` messages.
 * SAMPLES: placeholder people shipped with the software. Replace them with your real team
 * and set TEAM_IS_SAMPLE to false. `image` is left empty: cards show initials, never stock photos.
 */
export type TeamIcon = 'chart' | 'briefcase' | 'globe' | 'compass';

export interface TeamMember {
  id: string;
  name: string;
  /** Optional portrait URL; when empty the card shows the person's initials. */
  image: string;
  icon: TeamIcon;
}

export const TEAM_IS_SAMPLE = true;

export const TEAM: TeamMember[] = [
  { id: 'cio', name: 'Eleanor Vance', image: '', icon: 'chart' },
  { id: 'wealth', name: 'Marcus Adeyemi', image: '', icon: 'briefcase' },
  { id: 'strategist', name: 'Sofia Lindgren', image: '', icon: 'globe' },
  { id: 'advisor', name: 'Rahul Mehta', image: '', icon: 'compass' },
];
