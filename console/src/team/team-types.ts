import { UPGRADE_MESSAGES } from '../plans/upgrade-messages.ts';
import type { MessageKey } from '../i18n/keys.ts';
import type { T } from '../i18n/useT.ts';

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
export const pickerLabel = (member: TeamMember, t: T): string =>
  canTakeRuns(member) ? member.name : t('team.notJoinedYet', { name: member.name });

/** The roles, named by message key: react-admin's SelectInput translates choice names. */
export const TEAM_ROLES = [
  { id: 'Cleaner', name: 'tp.team.cleaner' },
  { id: 'Co-host', name: 'tp.team.coHost' },
];

export const roleLabel = (role: TeamMember['role']): MessageKey =>
  role === 'Co-host' ? 'team.coHost' : 'team.cleaner';

export const TEAM_UPGRADE_MESSAGE = UPGRADE_MESSAGES.team;
