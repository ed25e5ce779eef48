import type { EntityManager } from '@mikro-orm/postgresql';
import { PayRate, Property } from '@turnproof/db';
import { notFound } from '../http/errors.ts';
import { findOwnedMember } from '../team/team-service.ts';
import { payMessages, type PayRatesInput } from './pay-input.ts';

export interface Rate {
  per_run_cents: number;
  per_hour_cents: number;
}

const NO_RATE: Rate = { per_run_cents: 0, per_hour_cents: 0 };
const rateOf = (row: PayRate | undefined): Rate =>
  row ? { per_run_cents: row.per_run_cents, per_hour_cents: row.per_hour_cents } : NO_RATE;

/** The member's own rates and their per-property overrides (with the property's name), as the console edits them. */
export async function readPayRates(em: EntityManager, ownerId: string, memberId: string) {
  const member = await findOwnedMember(em, ownerId, memberId);
  const rows = await em.find(PayRate, { team_member: member }, { populate: ['property'] });
  const overrides = rows
    .filter((row) => row.property)
    .map((row) => ({ property_id: row.property!.id, property_name: row.property!.name, ...rateOf(row) }))
    .sort((a, b) => a.property_name.localeCompare(b.property_name));
  return { ...rateOf(rows.find((row) => !row.property)), overrides };
}

/** Replaces the member's rates with the given ones; every override's property must be the owner's. */
export async function savePayRates(em: EntityManager, ownerId: string, memberId: string, input: PayRatesInput) {
  const member = await findOwnedMember(em, ownerId, memberId);
  const propertyIds = input.overrides.map((item) => item.property_id);
  const owned = await em.count(Property, { id: { $in: propertyIds }, owner: ownerId, is_system_property: false });
  if (owned !== propertyIds.length) throw notFound(payMessages.propertyNotFound);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(PayRate, { team_member: member.id });
    const rate = (property: string | null, values: Rate) =>
      tx.create(PayRate, { team_member: member.id, property, ...values });
    rate(null, input);
    for (const { property_id, ...values } of input.overrides) rate(property_id, values);
  });
  return readPayRates(em, ownerId, memberId);
}

/** The rate of each of the member's properties: the override there, else the member's own, else none. */
export async function rateResolver(em: EntityManager, memberId: string): Promise<(propertyId: string) => Rate> {
  const rows = await em.find(PayRate, { team_member: memberId });
  const own = rateOf(rows.find((row) => !row.property));
  const byProperty = new Map(rows.filter((row) => row.property).map((row) => [row.property!.id, rateOf(row)]));
  return (propertyId) => byProperty.get(propertyId) ?? own;
}
