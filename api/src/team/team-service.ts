import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/platform/mailer';
import type { Config } from '@turnproof/config';
import { TeamMember, User } from '@turnproof/db';
import { FEATURES, mayUse } from '../access/access-guards.ts';
import { loadOwnerAccess } from '@turnproof/platform/owner-access';
import { hashToken, newSecretToken } from '../auth/secret-tokens.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { memberForToken, rotateScheduleLink, scheduleLinkOf, scheduleMessages } from '../schedule/schedule-service.ts';
import { rotateMemberRunLinks } from './member-run-links.ts';
import { invitationMail } from './team-mails.tsx';
import { cleanerTexts } from '@turnproof/platform/cleaner-texts';
import { cleanerLanguage } from '@turnproof/platform/mail';
import { linkTag, textMember } from '@turnproof/platform/member-text';
import { unreachable } from '@turnproof/platform/send-text-once';
import { textChannelFor } from '@turnproof/platform/text-route';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import { contactProblem, type CreateMemberInput, memberInputMessages, type UpdateMemberInput } from './member-input.ts';
import { ownerDisplayName } from '@turnproof/platform/owner-name';

export { ownerDisplayName };

const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export const teamMessages = {
  notFound: 'Team member not found. They are not on your team.',
  upgrade: FEATURES.team_management.message,
  limitReached: (limit: number) => `You've reached your limit of ${limit} team members. Upgrade for more.`,
  alreadyOnTeam: 'This person is already on your team.',
  notYourself: 'You are the owner of this team; invite a cleaner or co-host by their e-mail.',
  invitationInvalid: 'This invitation link is invalid or was already used. Ask the host to invite you again.',
  invitationExpired: 'This invitation has expired. Ask the host to send a new one.',
  alreadyAccepted: 'This member has already accepted the invitation.',
  noEmailToInvite: (name: string) => `${name} has no e-mail address to send the invitation to.`,
  inviteTextRefused: (name: string, reason: string) => `phone: the invitation text to ${name} was refused: ${reason}`,
  joinedEmail: (name: string) =>
    `email: ${name} joined your team with this address; remove the address, or remove ${name} and invite the new one.`,
};

export function toTeamMemberRecord(member: TeamMember) {
  return {
    id: member.id,
    name: member.name,
    email: member.email ?? null,
    phone: member.phone ?? null,
    notify_by: member.notify_by,
    language: member.language,
    role: member.role,
    status: member.accepted_at ? ('active' as const) : ('invited' as const),
    invited_at: member.invited_at ?? null,
    accepted_at: member.accepted_at ?? null,
    sms_opted_out_at: member.sms_opted_out_at ?? null,
    created_at: member.created_at,
  };
}

export async function findOwnedMember(em: EntityManager, ownerId: string, id: string) {
  const member = await em.findOne(TeamMember, { id, owner: ownerId });
  if (!member) throw notFound(teamMessages.notFound);
  return member;
}

/**
 * A fresh single-use link (the previous one stops working), texted to the member on the channel they
 * prefer when this server sends texts, else (or when Twilio refuses the text) e-mailed.
 */
async function sendInvitation(
  deps: { config: Config; mailer: Mailer; texts: TextSender | null },
  em: EntityManager,
  ownerId: string,
  member: TeamMember,
) {
  const channel = textChannelFor(member, deps.texts);
  if (!member.email && !channel)
    throw badRequest(teamMessages.noEmailToInvite(member.name), 'no_way_to_invite', { name: member.name });
  const token = newSecretToken();
  member.invite_token_hash = hashToken(token);
  member.invited_at = new Date();
  await em.flush();
  const link = `${deps.config.publicOrigin}/api/team/invitations/accept?token=${token}`;
  const ownerName = await ownerDisplayName(em, ownerId);
  const language = await cleanerLanguage(em, { memberId: member.id, ownerId });
  if (channel) {
    const outcome = await textMember(em, deps.texts!, deps.config.publicOrigin, channel, {
      key: `team/${member.id}/invited/${member.invited_at.getTime()}`,
      ownerId,
      runId: null,
      member,
      notice: 'invited',
      body: cleanerTexts.invited(ownerName, link, language),
      asksReply: false,
    }).catch(unreachable);
    if (typeof outcome === 'string') return;
    if (!member.email)
      throw badRequest(teamMessages.inviteTextRefused(member.name, outcome.refused), 'invite_text_refused', {
        name: member.name,
        detail: outcome.refused,
      });
  }
  await deps.mailer.send(invitationMail(member.email!, { ownerName, role: member.role, link }, language));
}

/** Two members of one owner with the same address or number: the unique indexes decide races too. */
async function saveMember(em: EntityManager) {
  await em.flush().catch((error: unknown) => {
    if (error instanceof Error && error.name === 'UniqueConstraintViolationException') {
      throw conflict(teamMessages.alreadyOnTeam, 'already_on_team');
    }
    throw error;
  });
}

async function refuseDuplicate(
  em: EntityManager,
  ownerId: string,
  member: { email?: string | null; phone?: string | null },
  except?: string,
) {
  const others = except ? { id: { $ne: except } } : {};
  const same = [member.email ? { email: member.email } : null, member.phone ? { phone: member.phone } : null].filter(
    (match) => match !== null,
  );
  if (same.length && (await em.count(TeamMember, { owner: ownerId, $or: same, ...others }))) {
    throw conflict(teamMessages.alreadyOnTeam, 'already_on_team');
  }
}

/**
 * Adds a member with an e-mail and/or a mobile number, and sends the invitation link (see sendInvitation). A
 * member with only a number on a server that sends no texts stays invited until the host adds an address.
 */
export async function inviteMember(
  deps: { config: Config; mailer: Mailer; texts: TextSender | null },
  em: EntityManager,
  owner: { id: string; email: string },
  input: CreateMemberInput,
) {
  const access = await loadOwnerAccess(em, owner.id);
  if (!mayUse(access, 'team_management')) throw forbidden(teamMessages.upgrade);
  const email = input.email ?? null;
  const phone = input.phone ?? null;
  const notifyBy = input.notify_by ?? (email ? 'email' : 'sms');
  const problem = contactProblem({ email, phone, notify_by: notifyBy });
  if (problem) throw badRequest(problem.message, problem.code);
  if (email === owner.email) throw badRequest(teamMessages.notYourself, 'not_yourself');
  const name = input.name ?? email?.split('@')[0];
  if (!name) throw badRequest(memberInputMessages.nameNeeded, 'name_needed');
  const limit = access.limits.maxTeamMembers;
  if (limit !== null && (await em.count(TeamMember, { owner: owner.id })) >= limit) {
    throw forbidden(teamMessages.limitReached(limit), 'team_limit', { count: limit });
  }
  await refuseDuplicate(em, owner.id, { email, phone });
  const member = em.create(TeamMember, {
    owner: owner.id,
    email,
    phone,
    name,
    notify_by: notifyBy,
    language: input.language ?? null,
    role: input.role,
  });
  await saveMember(em);
  if (email || textChannelFor(member, deps.texts)) await sendInvitation(deps, em, owner.id, member);
  return member;
}

/**
 * Changes a member's name, role, contacts, channel or language. Their e-mail address can change only until
 * they join (the pending link then stops working); a member who joined can lose the address, never swap it
 * for one that agreed to nothing.
 */
export async function updateMember(em: EntityManager, ownerId: string, id: string, input: UpdateMemberInput) {
  const member = await findOwnedMember(em, ownerId, id);
  const email = input.email === undefined ? (member.email ?? null) : input.email;
  const phone = input.phone === undefined ? (member.phone ?? null) : input.phone;
  const notifyBy = input.notify_by ?? member.notify_by;
  const problem = contactProblem({ email, phone, notify_by: notifyBy });
  if (problem) throw badRequest(problem.message, problem.code);
  if (email !== (member.email ?? null)) {
    if (member.accepted_at && email)
      throw badRequest(teamMessages.joinedEmail(member.name), 'joined_email', { name: member.name });
    const owner = await em.findOneOrFail(User, { id: ownerId }, { fields: ['email'] });
    if (email === owner.email) throw badRequest(teamMessages.notYourself, 'not_yourself');
    // The invitation went to the old address: its link must not let that mailbox join.
    member.invite_token_hash = null;
  }
  await refuseDuplicate(em, ownerId, { email, phone }, member.id);
  member.email = email;
  member.phone = phone;
  member.notify_by = notifyBy;
  if (input.name) member.name = input.name;
  if (input.role) member.role = input.role;
  if (input.language) member.language = input.language;
  await saveMember(em);
  return member;
}

export async function resendInvitation(
  deps: { config: Config; mailer: Mailer; texts: TextSender | null },
  em: EntityManager,
  ownerId: string,
  id: string,
) {
  const member = await findOwnedMember(em, ownerId, id);
  if (member.accepted_at) throw conflict(teamMessages.alreadyAccepted, 'already_accepted');
  await sendInvitation(deps, em, ownerId, member);
  return member;
}

/**
 * Accepting joins the team and links the member to the Turnproof account with the same e-mail, if any.
 * The link is spent: it no longer answers, nor tells anyone whose team it was.
 */
export async function acceptInvitation(em: EntityManager, token: string) {
  const member = await em.findOne(TeamMember, { invite_token_hash: hashToken(token) }, { populate: ['owner'] });
  if (!member) throw badRequest(teamMessages.invitationInvalid);
  if (!member.accepted_at) {
    if (!member.invited_at || member.invited_at.getTime() + INVITATION_LIFETIME_MS < Date.now()) {
      throw new HttpError(410, teamMessages.invitationExpired);
    }
    member.accepted_at = new Date();
  }
  member.invite_token_hash = null;
  member.account ??= member.email ? await em.findOne(User, { email: member.email }) : null;
  await em.flush();
  return { member, ownerName: await ownerDisplayName(em, member.owner.id) };
}

/** The schedule link a member who just joined is handed: the working one, else a new one. */
export async function scheduleLinkOnJoining(config: Config, em: EntityManager, member: TeamMember): Promise<string> {
  return scheduleLinkOf(config, member) ?? (await rotateScheduleLink(config, em, member));
}

/**
 * A member who is reached by text gets their schedule link by text on joining (once per link), in their
 * language; the welcome page shows it too, so Twilio's trouble or refusal loses nothing.
 */
export async function textScheduleLink(
  deps: { config: Config; texts: TextSender | null },
  em: EntityManager,
  member: TeamMember,
  scheduleLink: string,
) {
  const channel = textChannelFor(member, deps.texts);
  if (!channel) return;
  const ownerId = member.owner.id;
  const language = await cleanerLanguage(em, { memberId: member.id, ownerId });
  await textMember(em, deps.texts!, deps.config.publicOrigin, channel, {
    key: `team/${member.id}/schedule/${linkTag(scheduleLink)}`,
    ownerId,
    runId: null,
    member,
    notice: 'schedule',
    asksReply: false,
    body: cleanerTexts.joined(await ownerDisplayName(em, ownerId), scheduleLink, language),
  }).catch(unreachable);
}

/** The welcome page's address: it carries the token of the member's schedule link (/c/{token}). */
export const welcomePath = (scheduleLink: string) =>
  `/api/team/invitations/welcome?token=${new URL(scheduleLink).pathname.split('/').at(-1) ?? ''}`;

/** The welcome page's facts, from the schedule token its address carries (a revoked one answers 410). */
export async function welcomeOf(config: Config, em: EntityManager, scheduleToken: string) {
  const member = await memberForToken(em, scheduleToken);
  const scheduleLink = scheduleLinkOf(config, member);
  if (!scheduleLink) throw notFound(scheduleMessages.invalid);
  return { ownerName: await ownerDisplayName(em, member.owner.id), scheduleLink };
}

/**
 * Removes the member; runs assigned to them become unassigned (the foreign key sets null), and their
 * open runs get new links, so the links the member kept stop working (410).
 */
export async function removeMember(config: Config, em: EntityManager, ownerId: string, id: string) {
  const member = await findOwnedMember(em, ownerId, id);
  const record = toTeamMemberRecord(member);
  await em.transactional(async (tx) => {
    await rotateMemberRunLinks(config, tx, member.id);
    await tx.nativeDelete(TeamMember, { id: member.id, owner: ownerId });
  });
  return record;
}
