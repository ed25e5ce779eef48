import { createHash, randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { type Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { claimPackZip, newRun, type Owner, pdfText, reportPdf } from './proof-support.ts';

/**
 * An issue's photo is evidence: reported through the runner API it is confirmed with its SHA-256 into
 * the capture log (never as the task's photo), listed with the issue on the host's run page, printed in
 * the report's issue block, used as the AFTER photo of the damage claim beside the previous run's photo
 * of the same task, packed under issues/ in the claim ZIP, and re-hashed by /verify.
 */

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

beforeAll(async () => {
  // The test alters a stored photo and looks at /verify straight away: no cached verification.
  api = await startTestApi({ verificationRecheckMs: 0 });
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const RED = '#dc2626';
const BLUE = '#1d4ed8';
const solidJpeg = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The sizes of the images embedded in a PDF: the test's photos are 800x600, unlike camera photos and the QR code. */
async function imageSizes(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getImage({ imageThreshold: 0, imageDataUrl: false, imageBuffer: false });
    return result.pages.flatMap((page) => page.images.map(({ width, height }) => `${width}x${height}`));
  } finally {
    await parser.destroy();
  }
}
const testPhotos = (sizes: string[]) => sizes.filter((size) => size === '800x600');

/** A task needing no photo of its own: only the issue's photo can show it. */
async function taskWithoutRequiredPhoto(cleaner: Cleaner) {
  const tasks = (await cleaner.openRun()).body.run.tasks as {
    id: string;
    task: { title: string; required_media: number };
  }[];
  return tasks.find((task) => task.task.required_media === 0)!;
}

describe("an issue's photo", () => {
  it('is confirmed as the issue’s evidence and reaches the run page, the report, the claim PDF and ZIP, and /verify', async () => {
    // The previous turnover of the property photographed the task the issue will be about.
    const earlier = await newRun(owner, 'turnover');
    const before = await taskWithoutRequiredPhoto(earlier.cleaner);
    const blue = await solidJpeg(BLUE);
    expect((await earlier.cleaner.uploadPhoto(before.id, blue)).confirmed?.status).toBe(200);
    await completeThroughMagicLink(earlier.cleaner);

    const { run, cleaner } = await newRun(owner, 'turnover', {}, earlier.propertyId);
    const task = await taskWithoutRequiredPhoto(cleaner);
    const red = await solidJpeg(RED);
    const stored = await cleaner.storePhoto(task.id, red, 'lamp.jpg');
    expect(stored.put?.status).toBe(200);
    const path: string = stored.reserved.body.path;
    const report = {
      token: cleaner.token,
      action_id: randomUUID(),
      runTaskId: task.id,
      severity: 'high',
      description: 'Bedside lamp broken',
      media: [path],
      timestamp: '2026-11-27T05:10:00.000Z',
      latitude: 25.7907,
      longitude: -80.13,
      location_accuracy: 15,
    };
    const issue = await cleaner.http.post('/api/public/issue', report);
    expect(issue.status).toBe(201);
    // A replay (the runner resending after a lost answer) answers the same, once.
    const replay = await cleaner.http.post('/api/public/issue', report);
    expect(replay.status).toBe(201);
    expect(replay.body.alert.id).toBe(issue.body.alert.id);
    // The photo is the issue's, never the task's: it neither counts toward the task nor can become its proof.
    const opened = (await cleaner.openRun()).body.run.tasks.find((t: { id: string }) => t.id === task.id);
    expect(opened.media_count).toBe(0);
    const asTaskProof = await cleaner.http.post('/api/public/media-confirm', {
      token: cleaner.token,
      runTaskId: task.id,
      path,
      type: 'photo',
      action_id: randomUUID(),
    });
    expect(asTaskProof.status).toBe(403);
    // Nor can another issue take it.
    const again = await cleaner.http.post('/api/public/issue', { ...report, action_id: randomUUID() });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('already confirmed');

    await completeThroughMagicLink(cleaner);

    // The run page's evidence: the issue with its photo, through signed links.
    const evidence = (await owner.get(`/api/runs/${run.id}/evidence`)).body;
    expect(evidence.issues).toHaveLength(1);
    expect(evidence.issues[0]).toMatchObject({ id: issue.body.alert.id, run_task_id: task.id });
    const [photo] = evidence.issues[0].media;
    expect(evidence.issues[0].media).toHaveLength(1);
    expect(photo).toMatchObject({ type: 'photo', captured_at: '2026-11-27T05:10:00.000Z' });
    const original = await fetch(photo.url);
    expect(original.status).toBe(200);
    const servedBytes = Buffer.from(await original.arrayBuffer());
    expect(servedBytes.equals(await api.storage.read(path))).toBe(true);
    const thumbnail = await fetch(photo.thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(evidence.tasks.find((t: { id: string }) => t.id === task.id).media).toEqual([]);

    // The capture log vouches for its bytes, with the device's claims.
    const [entry] = await api.orm.em
      .getConnection()
      .execute<{ payload: Record<string, unknown>; device_time: string; device_latitude: number }[]>(
        `select payload, device_time, device_latitude from capture_entries
          where run_id = ? and kind = 'media_confirmed' and payload->>'alert_id' = ?`,
        [run.id, issue.body.alert.id],
      );
    expect(entry?.payload).toMatchObject({ path, run_task_id: task.id, sha256: sha256(servedBytes) });
    expect(new Date(entry!.device_time).toISOString()).toBe('2026-11-27T05:10:00.000Z');
    expect(entry?.device_latitude).toBe(25.7907);

    // The report's issue block shows it, with its times.
    const pdf = await reportPdf(owner, run.id, 1, worker);
    const text = await pdfText(pdf);
    const issueStart = text.indexOf('Bedside lamp broken');
    const issueBlock = text.slice(issueStart, text.indexOf('Tasks', issueStart));
    expect(issueBlock).toContain('Device time (claimed):');
    expect(issueBlock).toContain('Received by server:');
    // The issue's (red) photo, and the previous turnover's (blue) one beside the task.
    expect(testPhotos(await imageSizes(pdf))).toHaveLength(2);

    // The claim: the previous turnover's photo of the task BEFORE, the issue's photo AFTER.
    const response = await claimPackZip(owner, run.id, worker);
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    const claimPdf = Buffer.from(await zip.file('claim.pdf')!.async('uint8array'));
    const claim = await pdfText(claimPdf);
    expect(claim).toContain('Bedside lamp broken');
    expect(claim).toContain(task.task.title);
    expect(claim).toContain('BEFORE (PREVIOUS TURNOVER)');
    expect(claim).toContain('AFTER (THIS RUN)');
    expect(claim).not.toContain('No photo');
    // The previous turnover's (blue) photo and the issue's (red) one.
    expect(testPhotos(await imageSizes(claimPdf))).toHaveLength(2);
    const packed = zip.file(`issues/${path}`);
    expect(packed).not.toBeNull();
    expect(Buffer.from(await packed!.async('uint8array')).equals(servedBytes)).toBe(true);
    expect(zip.file(`photos/${path}`)).toBeNull();

    // /verify re-hashes it: valid as stored, and named once its bytes change.
    const valid = (await (await fetch(`${api.baseUrl}/api/public/verify/${run.id}`)).json()) as { valid: boolean };
    expect(valid.valid).toBe(true);
    await api.storage.write(path, await solidJpeg('#16a34a'));
    const broken = (await (await fetch(`${api.baseUrl}/api/public/verify/${run.id}`)).json()) as {
      valid: boolean;
      problems: { kind: string; message: string }[];
    };
    expect(broken.valid).toBe(false);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]!.kind).toBe('photo');
    expect(broken.problems[0]!.message).toMatch(
      new RegExp(
        `^The photo of entry \\d+ \\(issue "Bedside lamp broken" on task ".+", received .+\\) has been altered`,
      ),
    );
  }, 240_000);
});
