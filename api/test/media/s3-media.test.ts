import { randomUUID } from 'node:crypto';
import { FLEX_MEDIA_RETENTION_MS } from '@turnproof/config';
import { mediaPurge } from '@turnproof/workflows';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Store, type S3Store } from '../support/s3-store.ts';
import { INVALID_PHOTO_ERROR } from '../../src/media/inspect-upload.ts';
import { newRun, reportPdf, waitFor, type Owner } from '../proof/proof-support.ts';
import { cameraPhoto, type Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { setBillingState } from '../support/billing-state.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

// Media on a real S3-compatible server (versitygw): the API and the worker are configured with S3_*.
let store: S3Store;
let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

beforeAll(async () => {
  store = await startS3Store('turnproof-s3-test');
  api = await startTestApi({ env: store.env });
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await store?.close();
});

/** Reserves an upload of `size` bytes declared as `contentType`, as the runner does. */
function reserve(cleaner: Cleaner, runTaskId: string, size: number, contentType = 'image/jpeg') {
  return cleaner.http.post('/api/public/upload', {
    token: cleaner.token,
    runTaskId,
    fileName: 'kitchen.jpg',
    contentType,
    size,
    action_id: randomUUID(),
  });
}

const put = (url: string, bytes: Buffer, contentType: string) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'Content-Type': contentType } });

async function firstTask(cleaner: Cleaner): Promise<{ id: string }> {
  return (await cleaner.openRun()).body.run.tasks[0];
}

describe('media on an S3-compatible store', () => {
  it('takes a photo from the phone straight into the bucket, checks it, makes its thumbnail and serves both through presigned GETs', async () => {
    const { run, cleaner } = await newRun(owner);
    const task = await firstTask(cleaner);
    const { reserved, put: stored, confirmed } = await cleaner.uploadPhoto(task.id, await cameraPhoto('s3-kitchen'));
    expect(new URL(reserved.body.uploadUrl).origin).toBe(store.endpoint);
    expect(reserved.body.uploadUrl).toContain('X-Amz-Signature=');
    expect(stored?.status).toBe(200);
    expect(confirmed?.status).toBe(200);
    expect(confirmed?.body.media_count).toBe(1);

    const path: string = reserved.body.path;
    expect(await store.keys(`runs/${run.id}/`)).toEqual([path, `${path}.thumb.webp`]);

    const opened = (await cleaner.openRun()).body.run.tasks.find((t: { id: string }) => t.id === task.id);
    const [media] = opened.media as { url: string; thumbnail_url: string }[];
    const redirect = await fetch(media!.url, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.headers.get('location')!).origin).toBe(store.endpoint);
    const photo = await fetch(media!.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await photo.arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect([metadata.width, metadata.height]).toEqual([1200, 900]);
    // The camera's GPS position was stripped before the photo counted (the owner keeps no location).
    expect(metadata.exif).toBeUndefined();
    const thumbnail = await fetch(media!.thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('has the store refuse a PUT over the signed size or with another content type', async () => {
    const { run, cleaner } = await newRun(owner);
    const task = await firstTask(cleaner);
    const photo = await cameraPhoto('s3-signed', 200, 150);
    const reserved = await reserve(cleaner, task.id, photo.length);
    expect(reserved.status).toBe(200);

    const bigger = Buffer.concat([photo, Buffer.alloc(1024)]);
    expect((await put(reserved.body.uploadUrl, bigger, 'image/jpeg')).status).toBe(403);
    expect((await put(reserved.body.uploadUrl, photo, 'text/html')).status).toBe(403);
    expect(await store.keys(`incoming/runs/${run.id}/`)).toEqual([]);

    // The phone's bytes wait apart from the stored files until the API takes them in at confirmation.
    expect((await put(reserved.body.uploadUrl, photo, 'image/jpeg')).status).toBe(200);
    expect(await store.keys(`incoming/runs/${run.id}/`)).toEqual([`incoming/${reserved.body.path}`]);
    expect(await store.keys(`runs/${run.id}/`)).toEqual([]);
  });

  it('refuses at confirmation a text file posing as a JPEG, and deletes it from the bucket', async () => {
    const { run, cleaner } = await newRun(owner);
    const task = await firstTask(cleaner);
    const text = Buffer.from('<html><body>not a photo at all, just text posing as a JPEG</body></html>');
    const reserved = await reserve(cleaner, task.id, text.length);
    expect((await put(reserved.body.uploadUrl, text, 'image/jpeg')).status).toBe(200);
    expect(await store.keys(`incoming/runs/${run.id}/`)).toEqual([`incoming/${reserved.body.path}`]);

    const confirmed = await cleaner.http.post('/api/public/media-confirm', {
      token: cleaner.token,
      runTaskId: task.id,
      path: reserved.body.path,
      type: 'photo',
      action_id: randomUUID(),
    });
    expect(confirmed.status).toBe(415);
    expect(confirmed.body.error).toBe(INVALID_PHOTO_ERROR);
    expect(await store.keys(`runs/${run.id}/`)).toEqual([]);
    expect(await store.keys(`incoming/runs/${run.id}/`)).toEqual([]);
    const [row] = await api.orm.em
      .getConnection()
      .execute<{ status: string }[]>('select status from media where path = ?', [reserved.body.path]);
    expect(row?.status).toBe('error');
  });

  it("keeps the report PDF and its preview in the bucket, serves the PDF to the host, and a purge empties the run's media from the bucket", async () => {
    const { run, cleaner } = await newRun(owner);
    await completeThroughMagicLink(cleaner);
    const pdf = await reportPdf(owner, run.id, 1, worker);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const report = [`reports/${run.id}/v1.html`, `reports/${run.id}/v1.pdf`];
    expect(await store.keys(`reports/${run.id}/`)).toEqual(report);
    const download = await fetch(`${owner.baseUrl}/api/runs/${run.id}/reports/1/pdf`, {
      headers: { cookie: owner.cookie },
      redirect: 'manual',
    });
    expect(download.status).toBe(302);
    expect(new URL(download.headers.get('location')!).origin).toBe(store.endpoint);
    expect((await store.keys(`runs/${run.id}/`)).length).toBeGreaterThan(0);
    // Once every photo is checked: a check also writes the photo's report copy into the bucket.
    const media = await waitFor('the photos to be checked', async () => {
      const [counts] = await api.orm.em.getConnection().execute<{ total: number; checked: number }[]>(
        `select count(*)::int as total, (count(*) filter (where type <> 'photo' or checks is not null))::int as checked
           from media where run_id = ?`,
        [run.id],
      );
      return counts && counts.total === counts.checked ? counts : undefined;
    });

    // Flex media older than the retention go: files, thumbnails and rows; the report stays.
    await setBillingState(api, owner.userId, { trial_ends_at: null });
    const sql = api.orm.em.getConnection();
    await sql.execute('update runs set created_at = ? where id = ?', [new Date(Date.now() - 40 * 86_400_000), run.id]);
    const purged = await api.temporal.workflow.execute(mediaPurge, {
      taskQueue: api.config.TEMPORAL_TASK_QUEUE,
      workflowId: `test-media-purge/${randomUUID()}`,
      args: [{ retentionMs: FLEX_MEDIA_RETENTION_MS }],
    });
    // Each photo's file, thumbnail and report copy go with its row.
    expect(purged.media).toBe(media.total);
    expect(await store.keys(`runs/${run.id}/`)).toEqual([]);
    expect(await store.keys(`reports/${run.id}/`)).toEqual(report);

    // Deleting the run removes what is left of it in the bucket.
    expect((await owner.delete(`/api/runs/${run.id}`)).status).toBe(200);
    await waitFor('the report to leave the bucket', async () =>
      (await store.keys(`reports/${run.id}/`)).length === 0 ? true : undefined,
    );
  });
});
