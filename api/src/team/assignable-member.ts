import type { EntityManager } from '@mikro-orm/postgresql';
import { TeamMember } from '@turnproof/db';
import { badRequest } from '../http/errors.ts';

/** Team member ids the owner wants runs to go to, and how to refuse one. */
export interface Assignment {
  id: string;
  /** The request field that named the member, for the 400's sentence. */
  field: string;
  /** The sentence for an id that is not one of the owner's members. */
  notFound: string;
  /** The member the record already has: keeping it is no new assignment (it predates this rule). */
  current: string | null;
}

/**
 * A member runs may be assigned to: one of the owner's own who accepted the invitation. An address the owner
 * only typed never receives a run, its door code or its mails (M7): whoever owns it has agreed to nothing.
 */
export async function assignableMember(em: EntityManager, ownerId: string, assignment: Assignment) {
  const member = await em.findOne(TeamMember, { id: assignment.id, owner: ownerId });
  if (!member) throw badRequest(assignment.notFound);
  if (!member.accepted_at && member.id !== assignment.current) {
    throw badRequest(
      `${assignment.field}: ${member.name} has not accepted the invitation to your team yet. Runs can go only to members who joined.`,
    );
  }
  return member;
}
