import { cameraPhoto, Cleaner } from '../runner/cleaner.ts';
import type { signedInOwner } from './browser.ts';

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

/** A turnover run on a new property, worked through by a cleaner (small photos) and completed. */
export async function completedRun(owner: Owner, propertyName: string): Promise<{ id: string }> {
  const property = await owner.post('/api/properties', { name: propertyName, address: '1 Dune Road' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const created = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    template_id: template.id,
  });
  if (created.status !== 201) throw new Error(`run not created: ${created.status} ${JSON.stringify(created.body)}`);
  const cleaner = Cleaner.fromLink(created.body.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string; task: { required_media: number } }[];
  for (const [index, task] of tasks.entries()) {
    for (let n = 0; n < task.task.required_media; n += 1) {
      await cleaner.uploadPhoto(task.id, await cameraPhoto(`${propertyName}-${index}-${n}`, 400, 300));
    }
    await cleaner.tick(task.id);
  }
  const completion = await cleaner.complete();
  if (completion.status !== 200) throw new Error(`run not completed: ${completion.status}`);
  return created.body as { id: string };
}
