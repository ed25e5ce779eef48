import { type EntityManager, type FilterQuery, LockMode } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Property, recordActivity, Run, User } from '@turnproof/db';
import { assertMayAddProperty } from '../access/access-guards.ts';
import { stopPropertyCalendar } from '@turnproof/temporal/calendar-client';
import { forgetRun } from '../runs/forget-run.ts';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { forbidden, notFound } from '../http/errors.ts';
import { containsPattern } from '../http/like-pattern.ts';
import { assignableMember } from '../team/assignable-member.ts';
import { copyDefaultChecklists } from './default-checklists.ts';
import { type CreatePropertyInput, propertyMessages, type UpdatePropertyInput } from './property-input.ts';

export interface PropertyListFilter {
  q?: string;
  id?: string | string[];
  is_system_property?: boolean;
}

export function toPropertyRecord(property: Property) {
  return {
    id: property.id,
    name: property.name,
    address: property.address,
    access_code: property.access_code ?? null,
    notes: property.notes ?? null,
    owner_id: property.owner.id,
    created_at: property.created_at,
    updated_at: property.updated_at,
    is_system_property: property.is_system_property,
    timezone: property.timezone,
    check_in_time: property.check_in_time,
    checkout_time: property.checkout_time,
    default_assignee_id: property.default_assignee?.id ?? null,
    backup_assignee_id: property.backup_assignee?.id ?? null,
    calendar_urls: property.calendar_urls,
    // double precision may come back as text: numbers on the wire.
    latitude: property.latitude == null ? null : Number(property.latitude),
    longitude: property.longitude == null ? null : Number(property.longitude),
    arrival_radius_meters: property.arrival_radius_meters,
  };
}

/**
 * The property's fields from the input, with team member ids checked to be the owner's own members who
 * accepted (see assignableMember); `current` is the property as it is, when it exists.
 */
async function propertyFields<T extends UpdatePropertyInput>(
  em: EntityManager,
  ownerId: string,
  input: T,
  current?: Property,
) {
  const { default_assignee_id, backup_assignee_id, ...fields } = input;
  const roles = { default_assignee_id: 'default_assignee', backup_assignee_id: 'backup_assignee' } as const;
  const member = async (id: string | null | undefined, field: keyof typeof roles) => {
    if (id === undefined) return undefined;
    if (id === null) return null;
    const notFound = propertyMessages.teamMemberNotFound;
    return assignableMember(em, ownerId, { id, field, notFound, current: current?.[roles[field]]?.id ?? null });
  };
  const defaultAssignee = await member(default_assignee_id, 'default_assignee_id');
  const backupAssignee = await member(backup_assignee_id, 'backup_assignee_id');
  return {
    ...fields,
    ...(defaultAssignee !== undefined && { default_assignee: defaultAssignee }),
    ...(backupAssignee !== undefined && { backup_assignee: backupAssignee }),
  };
}

export function propertyWhere(ownerId: string, filter: PropertyListFilter = {}): FilterQuery<Property> {
  const where: FilterQuery<Property> & Record<string, unknown> = { owner: ownerId };
  // The Template Collection is a system property: lists hide it unless asked for explicitly.
  where.is_system_property = filter.is_system_property ?? false;
  if (filter.id !== undefined) where.id = { $in: Array.isArray(filter.id) ? filter.id : [filter.id] };
  if (filter.q?.trim()) {
    const pattern = containsPattern(filter.q.trim());
    where.$or = [{ name: { $ilike: pattern } }, { address: { $ilike: pattern } }];
  }
  return where;
}

export async function findOwnedProperty(em: EntityManager, ownerId: string, id: string): Promise<Property> {
  const property = await em.findOne(Property, { id, owner: ownerId });
  if (!property) throw notFound(propertyMessages.notFound);
  return property;
}

export async function createProperty(em: EntityManager, ownerId: string, input: CreatePropertyInput) {
  return em.transactional(async (tx) => {
    // One creation at a time per owner, so concurrent requests cannot both slip under the plan's limit.
    await tx.findOneOrFail(User, { id: ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
    await assertMayAddProperty(tx, ownerId);
    const fields = await propertyFields(tx, ownerId, input);
    const property = tx.create(Property, { ...fields, owner: ownerId, is_system_property: false });
    await copyDefaultChecklists(tx, property);
    recordActivity(tx, ownerId, 'property_added', { property_id: property.id, property_name: property.name });
    await tx.flush();
    return property;
  });
}

export async function updateProperty(em: EntityManager, ownerId: string, id: string, input: UpdatePropertyInput) {
  const property = await findOwnedProperty(em, ownerId, id);
  if (property.is_system_property) throw forbidden(propertyMessages.systemPropertyLocked);
  em.assign(property, await propertyFields(em, ownerId, input, property));
  await em.flush();
  return property;
}

/** Deletes the property; the database cascades to checklists, tasks, runs and media; runs' workflows and files go too. */
export async function deleteProperty(
  deps: { temporal: Client; storage: MediaStorage },
  em: EntityManager,
  ownerId: string,
  id: string,
) {
  const property = await findOwnedProperty(em, ownerId, id);
  if (property.is_system_property) throw forbidden(propertyMessages.systemPropertyLocked);
  const record = toPropertyRecord(property);
  const runs = await em.find(Run, { property: property.id }, { fields: ['id'] });
  await em.nativeDelete(Property, { id: property.id, owner: ownerId });
  recordActivity(em, ownerId, 'property_deleted', { property_name: property.name });
  await em.flush();
  await Promise.all([...runs.map((run) => forgetRun(deps, run.id)), stopPropertyCalendar(deps.temporal, property.id)]);
  return record;
}
