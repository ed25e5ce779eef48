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

export const TEAM_ROLES = [
  { id: 'Cleaner', name: 'Cleaner' },
  { id: 'Co-host', name: 'Co-host' },
];

export const TEAM_UPGRADE_MESSAGE = UPGRADE_MESSAGES.team;
