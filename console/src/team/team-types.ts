import { UPGRADE_MESSAGES } from '../plans/upgrade-messages.ts';

/** A record of GET /api/team. */
export interface TeamMember {
  id: string;
  name: string;
  email: string | null;
  role: 'Cleaner' | 'Co-host';
  status: 'invited' | 'active';
  invited_at: string | null;
  accepted_at: string | null;
  created_at: string;
}

/** Runs go only to members who accepted their invitation (the API refuses the others). */
export const canTakeRuns = (member: TeamMember): boolean => member.status === 'active';

/** A member as a cleaner picker lists them: an invited member is named as one who cannot take runs yet. */
export const pickerLabel = (member: TeamMember): string =>
  canTakeRuns(member) ? member.name : `${member.name} (invited, not joined yet)`;

export const TEAM_ROLES = [
  { id: 'Cleaner', name: 'Cleaner' },
  { id: 'Co-host', name: 'Co-host' },
];

export const TEAM_UPGRADE_MESSAGE = UPGRADE_MESSAGES.team;
