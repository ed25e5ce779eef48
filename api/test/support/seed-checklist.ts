import type { MikroORM } from '@mikro-orm/postgresql';
import { Checklist, Task } from '@turnproof/db';
import type { Answer, Browser } from './browser.ts';

/** The answer, when it is a success; else an error naming what failed and the answer. */
export function expectOk<T>(answer: Answer<T>, what: string): Answer<T> {
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

export interface ChecklistSeed {
  property: { name: string; address: string };
  checklistName: string;
  tasks: number;
  /** Photos each task needs. */
  requiredMedia: number;
}

/**
 * A property of `owner` with a turnover checklist of `tasks` tasks, 'Room check 1' ... (through the
 * ORM: there is no checklist editor API yet); answers the ids a run is made from.
 */
export async function seedChecklist(orm: MikroORM, owner: Browser, seed: ChecklistSeed) {
  const property = expectOk(await owner.post('/api/properties', seed.property), 'property');
  const em = orm.em.fork();
  const checklist = em.create(Checklist, {
    property: property.body.id,
    name: seed.checklistName,
    type: 'turnover',
    is_template: false,
  });
  for (let order_index = 0; order_index < seed.tasks; order_index += 1) {
    em.create(Task, {
      checklist,
      title: `Room check ${order_index + 1}`,
      required_media: seed.requiredMedia,
      order_index,
    });
  }
  await em.flush();
  return { propertyId: property.body.id as string, checklistId: checklist.id };
}

/** A new turnover run of a seeded checklist; answers its id and magic link. */
export async function seedRun(owner: Browser, ids: { propertyId: string; checklistId: string }) {
  const body = { property_id: ids.propertyId, type: 'turnover', checklist_id: ids.checklistId };
  return expectOk(await owner.post('/api/runs', body), 'run').body as { id: string; magic_link: string };
}
