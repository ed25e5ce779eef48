import { ContactMessage, LibraryChecklist, Run } from '@turnproof/db';
import { checklistLibrary, systemTemplates } from '@turnproof/db/seeds';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteExpiredDemoRuns, DEMO_RUN_LIFETIME_MS } from '../../src/site/demo-run.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

let api: TestApi;
// The library's and the sample report's PDFs are printed by the worker, as the claim PDFs and reports are.
let worker: WorkerProcess;
const CONTACT_LIMIT = 3;
const DEMO_LIMIT = 2;
beforeAll(async () => {
  api = await startTestApi({
    rateLimits: {
      contactPerIp: { points: CONTACT_LIMIT, durationSeconds: 600 },
      demoRunsPerIp: { points: DEMO_LIMIT, durationSeconds: 600 },
    },
    env: { SUPPORT_EMAIL: 'help-desk@turnproof.test' },
  });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

/** JSON answers read loosely, as the other API tests do. */
const json = (response: Response): Promise<any> => response.json();
const squash = (text: string) => text.replace(/\s+/g, ' ');
const pdfText = async (pdf: Buffer) => squash((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
const embeddedImages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length ?? 0;

/** Every request of a test run comes from 127.0.0.1: each test starts with the per-address budgets unspent. */
beforeEach(async () => {
  await api.orm.em
    .getConnection()
    .execute(`delete from rate_limits where key like 'contactPer%' or key like 'demoRuns%'`);
});

function from(_label: string) {
  return (path: string, init: RequestInit = {}) => fetch(`${api.baseUrl}${path}`, { redirect: 'manual', ...init });
}

const postJson = (send: ReturnType<typeof from>, path: string, body: unknown) =>
  send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const message = (subject: string) => ({
  name: 'Jordan Lee',
  email: `jordan-${subject.replace(/\W/g, '')}@example.test`,
  subject,
  message: 'Do you support properties with two units under one address?',
});

async function storedMessages(subject: string) {
  return api.orm.em.fork().find(ContactMessage, { subject });
}

describe('contact (POST /api/contact)', () => {
  it('stores the message and mails it to the support address with Reply-To set to the sender', async () => {
    const sent = message(`Two units ${Date.now()}`);
    const response = await postJson(from('10.0.0.1'), '/api/contact', sent);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ok: true, message: 'Message sent!' });
    expect(await storedMessages(sent.subject)).toHaveLength(1);
    const mail = await api.mailbox.latest('help-desk@turnproof.test', new RegExp(sent.subject));
    expect(mail.replyTo).toBe(sent.email);
    expect(mail.text).toContain(sent.message);
  });

  it('names the missing or bad field with a 400, and stores nothing', async () => {
    const send = from('10.0.0.2');
    const { subject, ...noSubject } = message(`Missing ${Date.now()}`);
    const missing = await postJson(send, '/api/contact', noSubject);
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toBe('Subject is required.');
    const badEmail = await postJson(send, '/api/contact', { ...message(subject), email: 'not-an-address' });
    expect((await json(badEmail)).error).toBe('Please enter a valid email address.');
    expect(await storedMessages(subject)).toHaveLength(0);
  });

  it('answers 429 with a clear sentence past the per-address limit', async () => {
    const send = from('10.0.0.3');
    for (let index = 0; index < CONTACT_LIMIT; index += 1) {
      expect((await postJson(send, '/api/contact', message(`Limit ${index} ${Date.now()}`))).status).toBe(200);
    }
    const refused = await postJson(send, '/api/contact', message(`Limit over ${Date.now()}`));
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toMatch(/^You have sent several messages in a short time\. Please wait/);
  });

  it('drops a honeypot submission silently: the same success, nothing stored, nothing mailed', async () => {
    const sent = { ...message(`Bot ${Date.now()}`), website: 'http://spam.example' };
    const mailsBefore = api.mailbox.received.length;
    const response = await postJson(from('10.0.0.4'), '/api/contact', sent);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await storedMessages(sent.subject)).toHaveLength(0);
    expect(api.mailbox.received.length).toBe(mailsBefore);
  });

  it('works as a plain form POST (no JavaScript): the page again with "Message sent!"', async () => {
    const sent = message(`Plain form ${Date.now()}`);
    const response = await from('10.0.0.5')('/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(sent).toString(),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Message sent!');
    expect(await storedMessages(sent.subject)).toHaveLength(1);
  });
});

describe('free checklist library PDFs', () => {
  const entry = checklistLibrary[3]!;

  it("prints the checklist's title and every task, and counts the download", async () => {
    const countOf = async () =>
      (await api.orm.em.fork().findOneOrFail(LibraryChecklist, { id: entry.id })).download_count;
    const before = await countOf();
    const response = await from('10.0.1.1')(`/api/checklists/library/${entry.id}/pdf`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${entry.id}.pdf"`);
    expect(response.headers.get('x-download-count')).toBe(String(before + 1));
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(entry.title);
    for (const task of entry.taskList) expect(text).toContain(squash(task));
    expect(await countOf()).toBe(before + 1);
  });

  it('lists the 16 entries, and answers 404 for an unknown one', async () => {
    const list = await json(await from('10.0.1.2')('/api/checklists/library'));
    expect(list).toHaveLength(16);
    expect(list[0]).toMatchObject({ id: checklistLibrary[0]!.id, preview: checklistLibrary[0]!.taskList });
    const unknown = await from('10.0.1.2')('/api/checklists/library/nope/pdf', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toBe('This checklist is not in the library.');
  });
});

describe('sample report', () => {
  it('is a real report PDF from the report pipeline, with photos', async () => {
    const response = await from('10.0.2.1')('/api/site/sample-report.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain('Sample: Ocean Drive Loft');
    expect(text).toContain(squash(systemTemplates[0]!.sections[0]!.tasks[0]!.title));
    const photos = systemTemplates[0]!.sections
      .flatMap((section) => section.tasks)
      .reduce((sum, task) => sum + task.required_media, 0);
    expect(photos).toBeGreaterThan(0);
    expect(embeddedImages(pdf)).toBeGreaterThanOrEqual(photos);
  });
});

describe('demo run (/demo)', () => {
  it("opens a throwaway run in the cleaner's runner, limited per address, deleted after a day", async () => {
    const send = from('10.0.3.1');
    const opened = await send('/demo', { method: 'POST' });
    expect(opened.status).toBe(303);
    const path = opened.headers.get('location')!;
    expect(path).toMatch(/^\/r\/[\w-]{43}$/);
    const token = path.slice(3);
    const run = await from('10.0.3.1')(`/api/public/run?token=${token}`);
    expect(run.status).toBe(200);
    expect((await json(run)).run.property.name).toBe('Demo Beach House');

    expect((await send('/demo', { method: 'POST' })).status).toBe(303);
    const refused = await send('/demo', { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('You have opened several demo runs today');

    const em = api.orm.em.fork();
    const demoRuns = await em.find(Run, { property: { owner: { email: 'demo-owner@turnproof.invalid' } } });
    expect(demoRuns.length).toBeGreaterThanOrEqual(2);
    const deleted = await deleteExpiredDemoRuns(
      { config: api.config, temporal: api.temporal, storage: api.storage, logger: console } as never,
      em,
      Date.now() + DEMO_RUN_LIFETIME_MS + 60_000,
    );
    expect(deleted).toBe(demoRuns.length);
    expect((await from('10.0.3.1')(`/api/public/run?token=${token}`)).status).toBe(404);
  });
});
