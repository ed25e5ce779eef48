import type { EntityManager } from '@mikro-orm/postgresql';
import { Property, TEMPLATE_COLLECTION_NAME, type User } from '@turnproof/db';

/** The owner's system property that holds their own template checklists (made at sign-up). */
export function newTemplateCollection(em: EntityManager, owner: User | string): Property {
  return em.create(Property, {
    owner,
    name: TEMPLATE_COLLECTION_NAME,
    address: 'System property for your templates',
    notes: 'Holds your own template checklists.',
    is_system_property: true,
  });
}

/** The owner's Template Collection; accounts made before it existed get one on first use. */
export async function templateCollectionOf(em: EntityManager, ownerId: string): Promise<Property> {
  const existing = await em.findOne(
    Property,
    { owner: ownerId, is_system_property: true },
    { orderBy: { created_at: 'asc' } },
  );
  return existing ?? newTemplateCollection(em, ownerId);
}
