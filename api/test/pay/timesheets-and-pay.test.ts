import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodPassword, signedInOwner, uniqueEmail } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { propertyIn, workedRun } from '../support/worked-runs.ts';

let api: TestApi;
// The statement PDF is printed by the worker, as the reports and claim packs are.
let worker: WorkerProcess;
beforeAll(async () => {
  api = await startTestApi();
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const HOUR = 3600;
const squash = (text: string) => text.replace(/\s+/g, ' ');
const pdfText = async (pdf: Buffer) => squash((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);

async function member(owner: Owner, name: string) {
  const invited = await owner.post('/api/team', { name, email: uniqueEmail(name.split(' ')[0]), role: 'Cleaner' });
  expect(invited.status).toBe(201);
  return invited.body as { id: string; email: string };
}

const property = (owner: Owner, name: string, timezone?: string) => propertyIn(api, owner.userId, name, timezone);

/** CSV text into rows of cells (our exports quote every cell). */
const csvRows = (text: string) =>
  text
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')));

describe('timesheets', () => {
  let owner: Owner;
  let ana: { id: string };
  let ben: { id: string };
  let dune: string;
  let fallbackRun: string;

  beforeAll(async () => {
    owner = await signedInOwner(api);
    ana = await member(owner, 'Ana Timesheet');
    ben = await member(owner, 'Ben Timesheet');
    dune = await property(owner, 'Dune House');
    // Nov 3, 10:00–12:00 EST with a closed 30-minute pause and no recorded work time: 1.5 hours.
    fallbackRun = await workedRun(
      api,
      dune,
      ana.id,
      { started: '2026-11-03T15:00:00Z', ended: '2026-11-03T17:00:00Z', workSeconds: null, lateMinutes: 20 },
      [['2026-11-03T15:30:00Z', '2026-11-03T16:00:00Z']],
    );
    await workedRun(api, dune, ana.id, {
      started: '2026-11-05T14:00:00Z',
      ended: '2026-11-05T16:00:00Z',
      workSeconds: 2 * HOUR,
    });
    await workedRun(api, dune, ben.id, {
      started: '2026-11-04T14:00:00Z',
      ended: '2026-11-04T15:00:00Z',
      workSeconds: HOUR,
    });
    // Completed on Nov 9 at 00:30 UTC, still Nov 8 in New York: inside the period.
    await workedRun(api, dune, ben.id, {
      started: '2026-11-08T23:00:00Z',
      ended: '2026-11-09T00:30:00Z',
      workSeconds: 45 * 60,
    });
    // Nov 10: outside it.
    await workedRun(api, dune, ben.id, {
      started: '2026-11-10T14:00:00Z',
      ended: '2026-11-10T15:00:00Z',
      workSeconds: HOUR,
    });
  });

  it('lists a completed run in the CSV with its hours, pauses and late-checkout minutes, times in the property zone', async () => {
    const answer = await owner.get('/api/timesheets.csv?from=2026-11-02&to=2026-11-08');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="timesheet-2026-11-02-2026-11-08.csv"',
    );
    const [header, ...rows] = csvRows(answer.body as string);
    expect(header).toEqual([
      'Cleaner',
      'Property',
      'Run',
      'Started',
      'Completed',
      'Hours',
      'Pauses',
      'Paused minutes',
      'Late-checkout minutes',
      'Run ID',
    ]);
    expect(rows).toContainEqual([
      'Ana Timesheet',
      'Dune House',
      'Seeded checklist',
      'Nov 3, 2026, 10:00 AM EST',
      'Nov 3, 2026, 12:00 PM EST',
      '1.50',
      '1',
      '30',
      '20',
      fallbackRun,
    ]);
    expect(rows.map((row) => [row[0], row[5]])).toEqual([
      ['Ana Timesheet', '1.50'],
      ['Ana Timesheet', '2.00'],
      ['Ben Timesheet', '1.00'],
      ['Ben Timesheet', '0.75'],
    ]);
  });

  it('totals hours per cleaner for the period, and one cleaner alone with member_id', async () => {
    const all = await owner.get('/api/timesheets?from=2026-11-02&to=2026-11-08');
    expect(all.status).toBe(200);
    expect(all.body.totals).toEqual([
      {
        member_id: ana.id,
        cleaner: 'Ana Timesheet',
        runs: 2,
        work_seconds: 3.5 * HOUR,
        paused_seconds: 1800,
        late_checkout_minutes: 20,
      },
      {
        member_id: ben.id,
        cleaner: 'Ben Timesheet',
        runs: 2,
        work_seconds: 1.75 * HOUR,
        paused_seconds: 0,
        late_checkout_minutes: 0,
      },
    ]);
    const one = await owner.get(`/api/timesheets?from=2026-11-02&to=2026-11-10&member_id=${ben.id}`);
    expect(one.body.totals).toEqual([expect.objectContaining({ cleaner: 'Ben Timesheet', runs: 3 })]);
    expect(one.body.rows.map((row: { timezone: string }) => row.timezone)).toEqual(Array(3).fill('America/New_York'));
  });

  it('answers 400 naming the problem for a bad period', async () => {
    const bad = async (query: string) => {
      const answer = await owner.get(`/api/timesheets.csv?${query}`);
      expect(answer.status).toBe(400);
      return answer.body.error as string;
    };
    expect(await bad('from=2026-11-31&to=2026-12-02')).toBe('from is not a real date.');
    expect(await bad('from=11/02/2026&to=2026-12-02')).toBe('from must be a date as YYYY-MM-DD.');
    expect(await bad('from=2026-11-02')).toBe('to is required (YYYY-MM-DD).');
    expect(await bad('from=2026-11-09&to=2026-11-02')).toBe(
      'The period ends before it starts: "to" must be on or after "from".',
    );
    expect(await bad('from=2026-11-02&to=2026-11-08&member_id=nope')).toBe('member_id must be a team member id.');
  });
});

describe('pay statements', () => {
  let owner: Owner;
  let cleaner: { id: string; email: string };
  let dune: string;
  let harbor: string;

  beforeAll(async () => {
    owner = await signedInOwner(api);
    cleaner = await member(owner, 'Cara Payroll');
    dune = await property(owner, 'Dune House');
    harbor = await property(owner, 'Harbor Loft', 'Europe/Paris');
    // Dune: per run and per hour; Harbor: its own flat rate per run.
    await workedRun(api, dune, cleaner.id, {
      started: '2026-10-05T14:00:00Z',
      ended: '2026-10-05T15:30:00Z',
      workSeconds: 1.5 * HOUR,
    });
    await workedRun(api, dune, cleaner.id, {
      started: '2026-10-06T14:00:00Z',
      ended: '2026-10-06T16:10:00Z',
      workSeconds: 2 * HOUR,
    });
    await workedRun(api, harbor, cleaner.id, {
      started: '2026-10-07T08:00:00Z',
      ended: '2026-10-07T11:00:00Z',
      workSeconds: 3 * HOUR,
    });
    const rates = await owner.put(`/api/team/${cleaner.id}/pay-rates`, {
      per_run_cents: 2500,
      per_hour_cents: 1800,
      overrides: [{ property_id: harbor, per_run_cents: 4000, per_hour_cents: 0 }],
    });
    expect(rates.status).toBe(200);
    expect(rates.body).toEqual({
      per_run_cents: 2500,
      per_hour_cents: 1800,
      overrides: [{ property_id: harbor, property_name: 'Harbor Loft', per_run_cents: 4000, per_hour_cents: 0 }],
    });
  });

  const period = { from: '2026-10-01', to: '2026-10-31' };

  it('pays per run plus per hour, and the property override where it applies, in integer cents', async () => {
    const made = await owner.post('/api/pay-statements', { member_id: cleaner.id, ...period });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ cleaner: 'Cara Payroll', currency: 'USD', sent_at: null, ...period });
    // 2500 + 1.5 h × 1800 = 5200; 2500 + 2 h × 1800 = 6100; Harbor's 4000 per run.
    expect(made.body.lines.map((line: any) => [line.property, line.amount_cents])).toEqual([
      ['Dune House', 5200],
      ['Dune House', 6100],
      ['Harbor Loft', 4000],
    ]);
    expect(made.body.total_cents).toBe(15300);

    const csv = await owner.get(`/api/pay-statements/${made.body.id}/csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = csvRows(csv.body as string);
    expect(rows[0]).toEqual([
      'Cleaner',
      'Property',
      'Run',
      'Completed',
      'Hours',
      'Rate per run',
      'Rate per hour',
      'Amount',
      'Currency',
    ]);
    expect(rows[3]).toEqual([
      'Cara Payroll',
      'Harbor Loft',
      'Seeded checklist',
      'Oct 7, 2026, 1:00 PM GMT+2',
      '3.00',
      '40.00',
      '0.00',
      '40.00',
      'USD',
    ]);
    expect(rows.at(-1)).toEqual(['Total', '', '', '', '', '', '', '153.00', 'USD']);

    const pdf = await fetch(`${api.baseUrl}/api/pay-statements/${made.body.id}/pdf`, {
      headers: { Cookie: owner.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Pay statement');
    expect(text).toContain('Cara Payroll');
    expect(text).toContain('Oct 5, 2026, 11:30 AM EDT');
    expect(text).toContain('Total (3 runs) $153.00');
  });

  it("deletes an owner's statement PDFs with their account", async () => {
    const leaving = await signedInOwner(api);
    const their = await member(leaving, 'Dee Leaving');
    const flat = await property(leaving, 'Leaving Flat');
    await workedRun(api, flat, their.id, {
      started: '2026-10-05T14:00:00Z',
      ended: '2026-10-05T15:00:00Z',
      workSeconds: HOUR,
    });
    const statement = (await leaving.post('/api/pay-statements', { member_id: their.id, ...period })).body;
    expect(
      (await fetch(`${api.baseUrl}/api/pay-statements/${statement.id}/pdf`, { headers: { Cookie: leaving.cookie } }))
        .status,
    ).toBe(200);
    const folder = `pay-statements/${leaving.userId}`;
    const stored = async () => (await readdir(path.join(api.config.mediaDir, folder)).catch(() => [])).length;
    expect(await stored()).toBe(2); // the printed page and its PDF
    const deleted = await leaving.post('/api/account/deletion', {
      confirm_email: leaving.email,
      current_password: goodPassword,
    });
    expect(deleted.status).toBe(200);
    expect(await stored()).toBe(0);
  });

  it('keeps a sent statement as sent when the rates change, and pays no run twice', async () => {
    const draft = (await owner.post('/api/pay-statements', { member_id: cleaner.id, ...period })).body;
    const sent = await owner.post(`/api/pay-statements/${draft.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ total_cents: 15300, mailed: true });
    expect(sent.body.sent_at).toEqual(expect.any(String));
    const mail = await api.mailbox.latest(cleaner.email, /Your pay statement from/);
    expect(mail.text).toContain('3 runs, $153.00 in total');
    expect(mail.attachments[0]?.filename).toBe('pay-statement-Cara-Payroll-2026-10-01-2026-10-31.csv');
    expect(mail.attachments[0]?.content.toString()).toContain('"Total","","","","","","","153.00","USD"');

    // A second statement of the period, still a draft when the rates change.
    const other = (await owner.post('/api/pay-statements', { member_id: cleaner.id, ...period })).body;
    expect(other.lines).toEqual([]);
    await owner.put(`/api/team/${cleaner.id}/pay-rates`, { per_run_cents: 9900, per_hour_cents: 9900, overrides: [] });

    const after = await owner.get(`/api/pay-statements/${draft.id}`);
    expect(after.body.total_cents).toBe(15300);
    expect(after.body.lines.map((line: any) => line.amount_cents)).toEqual([5200, 6100, 4000]);
    const again = await owner.post(`/api/pay-statements/${draft.id}/send`);
    expect(again.body).toMatchObject({ total_cents: 15300, mailed: false, sent_at: sent.body.sent_at });

    // A draft follows the rates: a run of the period not yet paid comes in at the new ones.
    await workedRun(api, dune, cleaner.id, {
      started: '2026-10-20T14:00:00Z',
      ended: '2026-10-20T15:00:00Z',
      workSeconds: HOUR,
    });
    const redrawn = await owner.get(`/api/pay-statements/${other.id}`);
    expect(redrawn.body.lines.map((line: any) => line.amount_cents)).toEqual([9900 + 9900]);
  });

  it("answers 404 for another owner's member, rates and statements", async () => {
    const statement = (await owner.post('/api/pay-statements', { member_id: cleaner.id, ...period })).body;
    const stranger = await signedInOwner(api);
    const strangerProperty = await property(stranger, 'Stranger Flat');
    expect((await stranger.get(`/api/team/${cleaner.id}/pay-rates`)).status).toBe(404);
    expect(
      (await stranger.put(`/api/team/${cleaner.id}/pay-rates`, { per_run_cents: 1, per_hour_cents: 1 })).status,
    ).toBe(404);
    const timesheet = await stranger.get(`/api/timesheets.csv?from=2026-10-01&to=2026-10-31&member_id=${cleaner.id}`);
    expect(timesheet.status).toBe(404);
    expect(timesheet.body.error).toBe('Team member not found. They are not on your team.');
    expect((await stranger.get('/api/timesheets?from=2026-10-01&to=2026-10-31')).body.rows).toEqual([]);
    expect((await stranger.post('/api/pay-statements', { member_id: cleaner.id, ...period })).status).toBe(404);
    for (const path of ['', '/csv', '/pdf']) {
      expect((await stranger.get(`/api/pay-statements/${statement.id}${path}`)).status).toBe(404);
    }
    expect((await stranger.post(`/api/pay-statements/${statement.id}/send`)).status).toBe(404);
    expect((await stranger.get('/api/pay-statements')).body).toEqual([]);
    // The owner cannot give their cleaner a rate at a stranger's property either.
    const foreign = await owner.put(`/api/team/${cleaner.id}/pay-rates`, {
      per_run_cents: 1,
      per_hour_cents: 1,
      overrides: [{ property_id: strangerProperty, per_run_cents: 1, per_hour_cents: 1 }],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Property not found. It is not one of yours.');
  });
});
