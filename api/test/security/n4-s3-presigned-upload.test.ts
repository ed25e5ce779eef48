import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRun, type Owner } from '../proof/proof-support.ts';
import { cameraPhoto, type Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startS3Store, type S3Store } from '../support/s3-store.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

// Security review N4: in S3 mode the presigned PUT wrote the photo's stored object itself, for 15
// minutes, with the client's Content-Type: after confirmation, completion or revocation it could replace
// the evidence without inspection, and a second confirmation vouched for the new bytes.

let store: S3Store;
let api: TestApi;
let owner: Owner;
beforeAll(async () => {
  store = await startS3Store('turnproof-n4-test');
  api = await startTestApi({ env: store.env, verificationRecheckMs: 0 });
  owner = await signedInOwner(api);
});
afterAll(async () => {
  await api?.close();
  await store?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const put = (url: string, bytes: Buffer, contentType: string) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'Content-Type': contentType } });

/** Another photo of exactly `size` bytes: what the signature allows in place of the first. */
async function otherPhotoOfSize(size: number): Promise<Buffer> {
  const photo = await cameraPhoto('replacement', 120, 90);
  return Buffer.concat([photo, Buffer.alloc(size - photo.length)]);
}

/** Reserves as the attack does (declared text/html), PUTs with the signed type, and confirms. */
async function confirmedPhoto(cleaner: Cleaner) {
  const taskId: string = (await cleaner.openRun()).body.run.tasks[0].id;
  const photo = await cameraPhoto('evidence', 600, 450);
  const reserved = await cleaner.http.post('/api/public/upload', {
    token: cleaner.token,
    runTaskId: taskId,
    fileName: 'p.jpg',
    contentType: 'text/html',
    size: photo.length,
    action_id: randomUUID(),
  });
  expect(reserved.status).toBe(200);
  // The signature holds a harmless type, never the one the client declared.
  expect((await put(reserved.body.uploadUrl, photo, 'text/html')).status).toBe(403);
  expect((await put(reserved.body.uploadUrl, photo, 'application/octet-stream')).status).toBe(200);
  const confirm = () =>
    cleaner.http.post('/api/public/media-confirm', {
      token: cleaner.token,
      runTaskId: taskId,
      path: reserved.body.path,
      type: 'photo',
      action_id: randomUUID(),
    });
  expect((await confirm()).status).toBe(200);
  const path: string = reserved.body.path;
  const stored = await api.storage.read(path);
  return { path, photo, stored, uploadUrl: reserved.body.uploadUrl as string, confirm };
}

async function expectEvidenceUnchanged(runId: string, path: string, stored: Buffer) {
  expect(sha256(await api.storage.read(path))).toBe(sha256(stored));
  const [row] = await api.orm.em
    .getConnection()
    .execute<{ sha256: string }[]>('select sha256 from media where path = ?', [path]);
  expect(row?.sha256).toBe(sha256(stored));
  const verification = (await (await fetch(`${api.baseUrl}/api/public/verify/${runId}`)).json()) as any;
  expect(verification.problems).toEqual([]);
  expect(verification.valid).toBe(true);
}

describe('N4: a presigned upload link after confirmation', () => {
  it('cannot change the confirmed photo, not even with a second confirmation', async () => {
    const { run, cleaner } = await newRun(owner);
    const { path, photo, stored, uploadUrl, confirm } = await confirmedPhoto(cleaner);
    expect(await store.keys(`runs/${run.id}/`)).toEqual([path, `${path}.thumb.webp`]);
    // What the phone uploaded is gone once it was taken in.
    expect(await store.keys(`incoming/runs/${run.id}/`)).toEqual([]);

    const replacement = await otherPhotoOfSize(photo.length);
    // The store may take the bytes (the link is still valid), but not as the stored file.
    await put(uploadUrl, replacement, 'application/octet-stream');
    expect((await confirm()).status).toBe(200);
    await expectEvidenceUnchanged(run.id, path, stored);
  });

  it('cannot change the confirmed photo once the host has revoked the link, and the run can no longer take it', async () => {
    const { run, cleaner } = await newRun(owner);
    const { path, photo, stored, uploadUrl, confirm } = await confirmedPhoto(cleaner);
    expect((await owner.delete(`/api/runs/${run.id}/link`)).status).toBe(200);

    await put(uploadUrl, await otherPhotoOfSize(photo.length), 'application/octet-stream');
    expect((await confirm()).status).toBe(410);
    await expectEvidenceUnchanged(run.id, path, stored);

    // Deleting the run leaves nothing of it in the bucket, not even the late upload.
    expect((await owner.delete(`/api/runs/${run.id}`)).status).toBe(200);
    expect(await store.keys(`runs/${run.id}/`)).toEqual([]);
    expect(await store.keys(`incoming/runs/${run.id}/`)).toEqual([]);
  });
});
