import { formatDateTime } from '@turnproof/config/time-format';
import { recordRunEvent } from '@turnproof/platform/run-timeline';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import { newRun } from '../proof/proof-support.ts';
import { setBillingState } from '../support/billing-state.ts';
import { uniqueEmail } from '../support/browser.ts';
import { acceptedMember } from '../support/team-member.ts';
import { type ConsoleHarness, DESKTOP, type Owner, screenshot, startConsoleHarness } from './console-harness.ts';
import { expectTranslated } from './page-checks.ts';

/**
 * The run page's timeline in the host's language: each step the workflow, the cleaner and the host made
 * (link sent, opened, started, an offline sync, an issue, completed, sent back, approved, overdue with its
 * time in the property's zone) reads in Spanish and in French, and as before in English. A step recorded
 * before steps had codes shows its English text.
 */

const ZONE = 'Europe/Madrid';
const LEGACY = 'Reminder sent before steps had codes.';

let harness: ConsoleHarness;
let host: Owner;
let runId: string;
let title: string;
let due: Date;
beforeAll(async () => {
  harness = await startConsoleHarness({ worker: true });
  host = await harness.owner('flex');
  // Pro: team members, who get the run's link.
  await setBillingState(harness.api, host.userId, { plan_key: 'pro', plan_status: 'active', trial_ends_at: null });
  const member = await acceptedMember(harness.api, host, { email: uniqueEmail('cleaner'), name: 'Ana Ruiz' });
  const property = await host.post('/api/properties', { name: 'Casa Azul', address: 'Calle Mayor 1', timezone: ZONE });
  const { run, cleaner } = await newRun(host, 'turnover', { assigned_to: member.id }, property.body.id);
  runId = run.id;
  const [first] = (await cleaner.openRun()).body.run.tasks as { id: string; task: { title: string } }[];
  title = first!.task.title;
  // An issue the phone reported offline 12 minutes before it synced.
  const issue = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: randomUUID(),
    runTaskId: first!.id,
    severity: 'medium',
    description: 'Grifo roto',
    timestamp: new Date(Date.now() - 12 * 60_000).toISOString(),
  });
  expect(issue.status, JSON.stringify(issue.body)).toBe(201);
  await completeThroughMagicLink(cleaner);
  const review = (body: Record<string, unknown>) => host.post(`/api/runs/${runId}/review`, body);
  expect((await review({ decision: 'revise', tasks: [{ id: first!.id, note: 'Otra vez' }] })).status).toBe(200);
  expect((await cleaner.tick(first!.id)).status).toBe(200);
  expect((await cleaner.completeWhenAccepted(randomUUID())).status).toBe(200);
  expect((await review({ decision: 'approve', score: 5 })).status).toBe(200);
  // An overdue step (the ladder's last, minutes away in a real run) as the activity records it, and a
  // step from before codes: only its English detail.
  due = new Date('2026-07-04T16:30:00Z');
  const em = harness.api.orm.em.fork();
  await recordRunEvent(em, runId, 'overdue', {
    code: 'overdue',
    params: { due: due.toISOString() },
    detail: `Not completed by its due time, ${formatDateTime(due, ZONE)}.`,
  });
  await em
    .getConnection()
    .execute(
      `insert into run_events (id, run_id, kind, key, detail, created_at) values (gen_random_uuid(), ?, 'reminded', 'legacy', ?, now())`,
      [runId, LEGACY],
    );
}, 120_000);
afterAll(() => harness?.close());

/** The English sentences of these steps: none may be left in Spanish or French. */
const ENGLISH = [
  'Link sent to',
  'opened the link',
  'Work started',
  'Synced',
  'made offline',
  'Issue reported',
  'Marked complete',
  'Sent back',
  'Approved',
  'Not completed by',
  'ready.',
];

const steps = (language: string) => {
  const dueText = formatDateTime(due, ZONE, language);
  return {
    en: [
      'Link sent to Ana Ruiz.',
      'Ana Ruiz opened the link.',
      'Work started.',
      'Synced 1 action made offline, the oldest 12 minutes earlier.',
      'Issue reported (medium): Grifo roto',
      'Marked complete.',
      `Sent back 1 task: ${title}.`,
      'Approved · 5/5.',
      `Not completed by its due time, ${formatDateTime(due, ZONE)}.`,
    ],
    es: [
      'Enlace enviado a Ana Ruiz.',
      'Ana Ruiz abrió el enlace.',
      'Se empezó el trabajo.',
      'Sincronización: 1 acción hecha sin conexión; la más antigua, de 12 minutos antes.',
      'Incidencia avisada (media): Grifo roto',
      'Marcada como completada.',
      `Devuelta para revisar: ${title} (1 tarea).`,
      'Aprobada · 5/5.',
      `No se completó antes de su hora límite, ${dueText}.`,
    ],
    fr: [
      'Lien envoyé à Ana Ruiz.',
      'Ana Ruiz a ouvert le lien.',
      'Travail commencé.',
      'Synchronisation : 1 action faite hors ligne ; la plus ancienne, 12 minutes plus tôt.',
      'Problème signalé (moyenne) : Grifo roto',
      'Marquée comme terminée.',
      `Renvoyée pour reprise : ${title} (1 tâche).`,
      'Approuvée · 5/5.',
      `Non terminée à son échéance, ${dueText}.`,
    ],
  }[language]!;
};

describe.each([
  { language: 'en', locale: 'en-US' },
  { language: 'es', locale: 'es-ES' },
  { language: 'fr', locale: 'fr-FR' },
])('the run page’s timeline in $language', ({ language, locale }) => {
  it('tells each step in that language', async () => {
    expect((await host.put('/api/profile', { language })).status).toBe(200);
    const page = await harness.newPage({ ...DESKTOP, locale }, host);
    await page.goto(harness.url(`/runs/${runId}/show`), { waitUntil: 'domcontentloaded' });
    const timeline = page.locator('section[aria-labelledby="run-timeline"]');
    for (const step of [...steps(language), LEGACY]) await timeline.getByText(step, { exact: true }).waitFor();
    const text = (await timeline.innerText()) ?? '';
    // In the order they happened: opened before sent back, sent back before approved.
    const [, opened, , , , , sentBack, approved] = steps(language);
    expect(text.indexOf(opened!)).toBeLessThan(text.indexOf(sentBack!));
    expect(text.indexOf(sentBack!)).toBeLessThan(text.indexOf(approved!));
    if (language !== 'en') expectTranslated(text, ENGLISH, `the timeline in ${language}`);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, `run-timeline-${language}`);
    await page.context().close();
  });
});
