import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoMediaFile } from '../media/samples.ts';
import { newRun, type Owner } from '../proof/proof-support.ts';
import type { Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

// Security review N5: the public verification endpoints re-hashed every stored file of a run on every
// view, all files at once, and buffered posted PDFs of up to 50 MB, for anyone, without a budget.

const BUDGET = 45;
let api: TestApi;
let owner: Owner;
beforeAll(async () => {
  api = await startTestApi({ rateLimits: { verificationsPerIp: { points: BUDGET, durationSeconds: 600 } } });
  owner = await signedInOwner(api);
});
afterAll(() => api?.close());

// Every request of the test comes from 127.0.0.1: each test starts with the address's budget unspent.
beforeEach(async () => {
  await api.orm.em.getConnection().execute(`delete from rate_limits where key like 'verificationsPerIp%'`);
});

/** Bytes this process (the API runs in it) has read from files and sockets so far. */
const bytesRead = () => Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);

/** A run holding one confirmed video of `size` bytes, uploaded through the magic link as a phone does. */
async function runWithVideo(size: number): Promise<{ runId: string; cleaner: Cleaner; taskId: string }> {
  const { run, cleaner } = await newRun(owner);
  const taskId: string = (await cleaner.openRun()).body.run.tasks[0].id;
  const header = isoMediaFile('isom', 'isom', 'mp42');
  const video = Buffer.concat([header, randomBytes(size - header.length)]);
  const reserved = await cleaner.http.post('/api/public/upload', {
    token: cleaner.token,
    runTaskId: taskId,
    fileName: 'walkthrough.mp4',
    contentType: 'video/mp4',
    size: video.length,
    action_id: randomUUID(),
  });
  expect(reserved.status).toBe(200);
  const put = await fetch(reserved.body.uploadUrl, {
    method: 'PUT',
    body: new Uint8Array(video),
    headers: { 'Content-Type': 'video/mp4' },
  });
  expect(put.status).toBe(200);
  const confirmed = await cleaner.http.post('/api/public/media-confirm', {
    token: cleaner.token,
    runTaskId: taskId,
    path: reserved.body.path,
    type: 'video',
    action_id: randomUUID(),
  });
  expect(confirmed.status).toBe(200);
  return { runId: run.id, cleaner, taskId };
}

const verification = (runId: string) => fetch(`${api.baseUrl}/api/public/verify/${runId}`);
const dropPdf = (body: Buffer) =>
  fetch(`${api.baseUrl}/api/public/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf' },
    body: new Uint8Array(body),
  });
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

describe('N5: public verification', () => {
  it('answers forty parallel views of one run correctly, hashing its stored files once, and sees a change of the run at once', async () => {
    const videoBytes = 40 * 1024 * 1024;
    const { runId, cleaner, taskId } = await runWithVideo(videoBytes);

    const before = bytesRead();
    const answers = await Promise.all(Array.from({ length: 40 }, () => verification(runId)));
    const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<any>));
    const read = bytesRead() - before;

    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    for (const body of bodies) {
      expect(body).toMatchObject({ valid: true, problems: [], entry_count: 1, run: { id: runId } });
      expect(body.entries[0].kind).toBe('media_confirmed');
    }
    // Once through the video (and a little for the database and the answers), not forty times.
    expect(read).toBeLessThan(3 * videoBytes);

    // A new entry in the log is a new state of the run: the next view shows it.
    expect((await cleaner.tick(taskId)).status).toBe(200);
    const after = (await (await verification(runId)).json()) as any;
    expect(after).toMatchObject({ valid: true, entry_count: 2 });
    expect(after.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['media_confirmed', 'task_checked']);
    const page = await (await fetch(`${api.baseUrl}/verify/${runId}`)).text();
    expect(page).toContain('Valid: the capture log (2 entries), every photo and every report match.');
  });

  it('refuses a posted PDF over 10 MB with 413 and a sentence, and still checks one under it', async () => {
    for (const size of [11 * 1024 * 1024, 60 * 1024 * 1024]) {
      const refused = await dropPdf(pdfOf(size));
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'This file is over 10 MB, more than a dropped PDF may be. Open the verification link printed on the report (its QR code) instead.',
      );
    }
    // Sent in chunks without a declared length, the count still stops it.
    const chunked = await fetch(`${api.baseUrl}/api/public/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf' },
      body: new Blob([pdfOf(12 * 1024 * 1024)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);

    const small = await dropPdf(pdfOf(2 * 1024 * 1024));
    expect(small.status).toBe(200);
    expect(((await small.json()) as { recognised: boolean }).recognised).toBe(false);
  });

  it('gives each address a budget of verifications, then answers 429 in JSON and on the page', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (let n = 0; n < BUDGET; n += 1) expect((await verification(unknown)).status).toBe(404);
    const refused = await verification(unknown);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Too many verifications from your address\. Please wait \d+ minutes and try again\.$/,
    );
    const page = await fetch(`${api.baseUrl}/verify/${unknown}`);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('Too many verifications from your address.');
    expect((await dropPdf(pdfOf(1024))).status).toBe(429);
  });
});
