import { verificationUrl } from '@turnproof/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { completedRun, type Owner, pdfText, qrCodeIn } from './proof-support.ts';

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;
let first: Awaited<ReturnType<typeof completedRun>>;

beforeAll(async () => {
  // These tests alter stored bytes and rows behind the API's back and look at once: no reuse of a verification.
  api = await startTestApi({ verificationRecheckMs: 0 });
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
  first = await completedRun(api, owner, worker);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const verification = async (runId: string): Promise<any> =>
  (await fetch(`${api.baseUrl}/api/public/verify/${runId}`)).json();
const verifyPage = async (runId: string) => (await fetch(`${api.baseUrl}/verify/${runId}`)).text();
const dropPdf = async (bytes: Buffer) => {
  const response = await fetch(`${api.baseUrl}/api/public/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf' },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as any };
};
const sql = (query: string, params: unknown[] = []) =>
  api.orm.em.getConnection().execute<any[]>(query, params) as Promise<any[]>;

describe('the capture log proves a completed run', () => {
  it('says valid for an untouched run, in the page and in the API, with one entry per accepted action', async () => {
    const photos = first.tasks.reduce((sum, task) => sum + task.task.required_media, 0);
    const result = await verification(first.run.id);
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);
    // Each photo confirmed, each task ticked, and the completion.
    expect(result.entry_count).toBe(photos + first.tasks.length + 1);
    expect(result.entries.at(-1).kind).toBe('run_completed');
    expect(result.reports).toMatchObject([{ version: 1, valid: true, entry_count: result.entry_count }]);

    const page = await verifyPage(first.run.id);
    expect(page).toContain('<p>Turnover · ');
    expect(page).toContain(
      `Valid: the capture log (${result.entry_count} entries), every photo and every report match.`,
    );
    expect(page).toContain('Device time (claimed)');
  });

  it('prints device and server times per photo, the chain head and a QR code of the verification URL', async () => {
    const result = await verification(first.run.id);
    const text = await pdfText(first.pdf);
    expect(text).toContain('Device time (claimed):');
    expect(text).toContain('Received by server:');
    expect(text).toContain(`Capture log: ${result.entry_count} entries`);
    expect(text.replace(/\s/g, '')).toContain(result.chain_head);
    expect(await qrCodeIn(first.pdf)).toBe(verificationUrl(api.config.publicOrigin, first.run.id, 1));
  });

  it("recognises a dropped report PDF as its run and version, and another run's PDF as that run's", async () => {
    const own = await dropPdf(first.pdf);
    expect(own.body).toMatchObject({ recognised: true, run_id: first.run.id, version: 1 });
    expect(own.body.message).toContain('This is an unaltered Turnproof report');

    const other = await completedRun(api, owner, worker, 'move_in');
    const dropped = await dropPdf(other.pdf);
    expect(dropped.body).toMatchObject({ recognised: true, run_id: other.run.id, version: 1 });

    expect((await dropPdf(Buffer.from('hello'))).body.error).toBe('This file is not a PDF.');
    const asJson = await fetch(`${api.baseUrl}/api/public/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"pdf":"nope"}',
    });
    expect(asJson.status).toBe(415);
  });

  it('names the entry whose stored content was changed', async () => {
    const [entry] = await sql(`select payload from capture_entries where run_id = ? and seq = 2`, [first.run.id]);
    await sql(
      `update capture_entries set payload = jsonb_set(payload, '{comment}', '"All spotless"') where run_id = ? and seq = 2`,
      [first.run.id],
    );
    try {
      const result = await verification(first.run.id);
      expect(result.valid).toBe(false);
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatchObject({ kind: 'entry', seq: 2 });
      expect(result.problems[0].message).toMatch(
        /^Entry 2 \(.+\) has been altered: its content no longer matches its recorded digest\.$/,
      );
      expect(await verifyPage(first.run.id)).toContain('Entry 2 (');
    } finally {
      await sql(`update capture_entries set payload = ? where run_id = ? and seq = 2`, [
        JSON.stringify(entry.payload),
        first.run.id,
      ]);
    }
    expect((await verification(first.run.id)).valid).toBe(true);
  });

  it('names the photo whose bytes were changed in storage', async () => {
    const [entry] = await sql(
      `select seq, payload from capture_entries where run_id = ? and kind = 'media_confirmed' order by seq limit 1`,
      [first.run.id],
    );
    const path: string = entry.payload.path;
    const original = await api.storage.read(path);
    const changed = Buffer.from(original);
    changed.writeUInt8(changed.readUInt8(changed.length - 10) ^ 0xff, changed.length - 10);
    await api.storage.write(path, changed);
    try {
      const result = await verification(first.run.id);
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatchObject({ kind: 'photo', seq: entry.seq });
      expect(result.problems[0].message).toMatch(/^The photo of entry \d+ \(task ".+", received .+\) has been altered/);
    } finally {
      await api.storage.write(path, original);
    }
  });

  it('names the PDF when one byte of the stored report changes, and a dropped altered copy is not recognised', async () => {
    const [report] = await sql(`select file_path from reports where run_id = ? and version = 1`, [first.run.id]);
    const altered = Buffer.from(first.pdf);
    const middle = Math.floor(altered.length / 2);
    altered.writeUInt8(altered.readUInt8(middle) ^ 0x01, middle);
    await api.storage.write(report.file_path, altered);
    try {
      const result = await verification(first.run.id);
      expect(result.problems).toEqual([
        {
          kind: 'pdf',
          seq: null,
          version: 1,
          message:
            'The PDF of report version 1 has been altered: its bytes no longer match the SHA-256 recorded when it was made.',
        },
      ]);
      expect(result.reports[0].valid).toBe(false);
      const dropped = await dropPdf(altered);
      expect(dropped.body.recognised).toBe(false);
      expect(dropped.body.message).toBe(
        `This PDF is not an unaltered Turnproof report. It names run ${first.run.id}, version 1, but its bytes differ from every report made for that run.`,
      );
    } finally {
      await api.storage.write(report.file_path, first.pdf);
    }
  });

  it('answers 404 for a run that does not exist, with the PDF check still offered', async () => {
    const response = await fetch(`${api.baseUrl}/verify/00000000-0000-4000-8000-000000000000`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('No Turnproof run has this id.');
  });
});
