import { UPGRADE_MESSAGES } from '../plans/upgrade-messages.ts';
import type { MessageKey } from '../i18n/keys.ts';
import type { T } from '../i18n/useT.ts';

/** A record of GET /api/team. */
export interface TeamMember {
  id: string;
  name: string;
  email: string | null;
  /** E.164 ('+12125550100'). */
  phone: string | null;
  notify_by: NotifyChannel;
  language: 'en' | 'es' | 'fr';
  role: 'Cleaner' | 'Co-host';
  status: 'invited' | 'active';
  invited_at: string | null;
  accepted_at: string | null;
  /** When the number answered STOP: no texts until it answers START. */
  sms_opted_out_at: string | null;
  created_at: string;
}

/** Runs go only to members who accepted their invitation (the API refuses the others). */
export const canTakeRuns = (member: TeamMember): boolean => member.status === 'active';

export type NotifyChannel = 'email' | 'sms' | 'whatsapp';

/** The channels as the team form offers them, by message key (react-admin translates choice names). */
export const NOTIFY_CHANNELS: { id: NotifyChannel; name: string }[] = [
  { id: 'email', name: 'tp.teamChannels.email_channel' },
  { id: 'sms', name: 'tp.teamChannels.sms_channel' },
  { id: 'whatsapp', name: 'tp.teamChannels.whatsapp_channel' },
];

export const channelLabel = (channel: NotifyChannel, t: T): string => t(`teamChannels.${channel}_channel`);

/**
 * A member as a cleaner picker lists them, with the channel their notices go by when it is not the usual
 * e-mail ('Ana · SMS'); an invited member is named as one who cannot take runs yet.
 */
export const pickerLabel = (member: TeamMember, t: T): string => {
  const name =
    member.notify_by === 'email'
      ? member.name
      : t('teamChannels.picker', { name: member.name, channel: channelLabel(member.notify_by, t) });
  return canTakeRuns(member) ? name : t('team.notJoinedYet', { name });
};

/** The roles, named by message key: react-admin's SelectInput translates choice names. */
export const TEAM_ROLES = [
  { id: 'Cleaner', name: 'tp.team.cleaner' },
  { id: 'Co-host', name: 'tp.team.coHost' },
];

export const roleLabel = (role: TeamMember['role']): MessageKey =>
  role === 'Co-host' ? 'team.coHost' : 'team.cleaner';

export const TEAM_UPGRADE_MESSAGE = UPGRADE_MESSAGES.team;
