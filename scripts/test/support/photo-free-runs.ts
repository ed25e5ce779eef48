import type { Browser } from '../../../api/test/support/browser.ts';

/** A property with a three-task checklist that needs no photos, so ticks alone can complete its runs. */
export async function photoFreeChecklist(owner: Browser, name = 'Cliffside Cabin') {
  const property = await owner.post('/api/properties', { name, address: '3 Ledge Rd' });
  if (property.status !== 201) throw new Error(`property: ${property.status} ${JSON.stringify(property.body)}`);
  const checklist = await owner.post('/api/checklists', {
    property_id: property.body.id,
    name: 'Quick turnover',
    type: 'turnover',
  });
  if (checklist.status !== 201) throw new Error(`checklist: ${checklist.status} ${JSON.stringify(checklist.body)}`);
  for (const title of ['Strip the beds', 'Empty the bins', 'Lock the door']) {
    const task = await owner.post('/api/tasks', { checklist_id: checklist.body.id, title, required_media: 0 });
    if (task.status !== 201) throw new Error(`task: ${task.status} ${JSON.stringify(task.body)}`);
  }
  return { propertyId: property.body.id as string, checklistId: checklist.body.id as string };
}

export const newRunBody = (source: { propertyId: string; checklistId: string }) => ({
  property_id: source.propertyId,
  type: 'turnover',
  checklist_id: source.checklistId,
});
