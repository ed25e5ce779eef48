import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Language } from '@turnproof/config/languages';
import type { Browser } from './browser.ts';
import { htmlReading, type ReceivedMail } from './mailbox.ts';
import type { TestApi } from './test-api.ts';

/**
 * The mail says each sentence in its text and HTML parts, declares its language, and (links left out) uses
 * none of `english`: the words of the English mails that Spanish and French never use.
 */
export function expectMailIn(mail: ReceivedMail, language: Language, says: string[], english: RegExp) {
  for (const sentence of says) {
    expect(mail.text).toContain(sentence);
    expect(htmlReading(mail)).toContain(sentence);
  }
  expect(mail.html).toContain(`<html lang="${language}">`);
  expect(mail.subject).not.toMatch(english);
  expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(english);
}

/**
 * A property in Madrid whose checklist has one task without photos, titled in the mail's language
 * (written with SQL: the checklist editor's API takes more than a test needs).
 */
export async function propertyWithOneTask(api: TestApi, owner: Browser, name: string, taskTitle: string) {
  const property = (await owner.post('/api/properties', { name, address: '1 Calle Mayor', timezone: 'Europe/Madrid' }))
    .body;
  const checklistId = randomUUID();
  const sql = (query: string, params: unknown[]) => api.orm.em.getConnection().execute(query, params);
  await sql(
    `insert into checklists (id, property_id, name, type, is_template, created_at, updated_at)
     values (?, ?, ?, 'turnover', true, now(), now())`,
    [checklistId, property.id, taskTitle],
  );
  await sql(
    `insert into tasks (id, checklist_id, title, required_media, order_index, created_at)
     values (?, ?, ?, 0, 0, now())`,
    [randomUUID(), checklistId, taskTitle],
  );
  return { propertyId: property.id as string, checklistId };
}

export type OneTaskPlace = Awaited<ReturnType<typeof propertyWithOneTask>>;

/** A turnover of that checklist, assigned and due when given. */
export async function turnoverAt(owner: Browser, place: OneTaskPlace, run: { assignedTo?: string; dueAt?: Date } = {}) {
  const created = await owner.post('/api/runs', {
    property_id: place.propertyId,
    type: 'turnover',
    checklist_id: place.checklistId,
    ...(run.assignedTo && { assigned_to: run.assignedTo }),
    ...(run.dueAt && { due_at: run.dueAt.toISOString() }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; magic_link: string };
}
