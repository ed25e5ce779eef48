import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/platform/mailer';
import type { Config } from '@turnproof/config';
import { TeamMember, type TeamRole, User } from '@turnproof/db';
import { FEATURES, mayUse } from '../access/access-guards.ts';
import { loadOwnerAccess } from '../access/owner-access.ts';
import { hashToken, newSecretToken } from '../auth/secret-tokens.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { memberForToken, rotateScheduleLink, scheduleLinkOf, scheduleMessages } from '../schedule/schedule-service.ts';
import { rotateMemberRunLinks } from './member-run-links.ts';
import { invitationMail } from './team-mails.tsx';
import { cleanerLanguage } from '@turnproof/platform/mail';
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
};

export function toTeamMemberRecord(member: TeamMember) {
  return {
    id: member.id,
    name: member.name,
    email: member.email ?? null,
    role: member.role,
    status: member.accepted_at ? ('active' as const) : ('invited' as const),
    invited_at: member.invited_at ?? null,
    accepted_at: member.accepted_at ?? null,
    created_at: member.created_at,
  };
}

export async function findOwnedMember(em: EntityManager, ownerId: string, id: string) {
  const member = await em.findOne(TeamMember, { id, owner: ownerId });
  if (!member) throw notFound(teamMessages.notFound);
  return member;
}

/** A fresh single-use link (the previous one stops working) e-mailed to the member. */
async function sendInvitation(
  deps: { config: Config; mailer: Mailer },
  em: EntityManager,
  ownerId: string,
  member: TeamMember,
) {
  const token = newSecretToken();
  member.invite_token_hash = hashToken(token);
  member.invited_at = new Date();
  await em.flush();
  const link = `${deps.config.publicOrigin}/api/team/invitations/accept?token=${token}`;
  await deps.mailer.send(
    invitationMail(
      member.email ?? '',
      { ownerName: await ownerDisplayName(em, ownerId), role: member.role, link },
      await cleanerLanguage(em, { memberId: member.id, ownerId }),
    ),
  );
}

export async function inviteMember(
  deps: { config: Config; mailer: Mailer },
  em: EntityManager,
  owner: { id: string; email: string },
  input: { email: string; name?: string | undefined; role: TeamRole },
) {
  const access = await loadOwnerAccess(em, owner.id);
  if (!mayUse(access, 'team_management')) throw forbidden(teamMessages.upgrade);
  if (input.email === owner.email) throw badRequest(teamMessages.notYourself);
  const limit = access.limits.maxTeamMembers;
  if (limit !== null && (await em.count(TeamMember, { owner: owner.id })) >= limit) {
    throw forbidden(teamMessages.limitReached(limit));
  }
  if (await em.count(TeamMember, { owner: owner.id, email: input.email })) throw conflict(teamMessages.alreadyOnTeam);
  const member = em.create(TeamMember, {
    owner: owner.id,
    email: input.email,
    name: input.name ?? input.email.split('@')[0] ?? input.email,
    role: input.role,
  });
  await em.flush().catch((error: unknown) => {
    // Two invitations of the same address racing: the unique index decides.
    if (error instanceof Error && error.name === 'UniqueConstraintViolationException') {
      throw conflict(teamMessages.alreadyOnTeam);
    }
    throw error;
  });
  await sendInvitation(deps, em, owner.id, member);
  return member;
}

export async function resendInvitation(
  deps: { config: Config; mailer: Mailer },
  em: EntityManager,
  ownerId: string,
  id: string,
) {
  const member = await findOwnedMember(em, ownerId, id);
  if (member.accepted_at) throw conflict(teamMessages.alreadyAccepted);
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
