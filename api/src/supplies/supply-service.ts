import type { EntityManager } from '@mikro-orm/postgresql';
import { type Property, Supply } from '@turnproof/db';
import { notFound } from '../http/errors.ts';
import { type CreateSupplyInput, supplyMessages, type UpdateSupplyInput } from './supply-input.ts';

export function toSupplyRecord(supply: Supply) {
  return {
    id: supply.id,
    property_id: supply.property.id,
    name: supply.name,
    unit: supply.unit,
    par_level: supply.par_level,
    created_at: supply.created_at,
  };
}

/** A supply of an own property, named through that property (another property's supply is not found). */
export async function findOwnedSupply(em: EntityManager, ownerId: string, propertyId: string, id: string) {
  const supply = await em.findOne(Supply, { id, property: { id: propertyId, owner: ownerId } });
  if (!supply) throw notFound(supplyMessages.notFound);
  return supply;
}

export async function createSupply(em: EntityManager, property: Property, input: CreateSupplyInput) {
  const supply = em.create(Supply, { property, ...input });
  await em.flush();
  return supply;
}

export async function updateSupply(em: EntityManager, supply: Supply, input: UpdateSupplyInput) {
  em.assign(supply, input);
  await em.flush();
  return supply;
}

/** Its counts go with it: a supply no longer kept is nothing to restock. */
export async function deleteSupply(em: EntityManager, ownerId: string, propertyId: string, id: string) {
  const supply = await findOwnedSupply(em, ownerId, propertyId, id);
  const record = toSupplyRecord(supply);
  await em.nativeDelete(Supply, { id: supply.id });
  return record;
}
