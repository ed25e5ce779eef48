import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRun, type Owner } from '../proof/proof-support.ts';
import { cameraPhoto, Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

// Security review L4: rotating a magic link cleared its revocation, so the upload and media URLs the
// old link had handed out (15 minutes each) kept working for whoever held them.

let api: TestApi;
let owner: Owner;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signedInOwner(api);
});
afterAll(() => api?.close());

const revoked = 'This link was revoked by the host. Please ask the host for a new link.';

describe('L4: the grants of a rotated link', () => {
  it('end with it: its pending upload and its media links answer 410, the new link’s work', async () => {
    const { run, cleaner } = await newRun(owner);
    const taskId: string = (await cleaner.openRun()).body.run.tasks[0].id;
    const photo = await cameraPhoto('rotated', 64, 64);
    expect((await cleaner.uploadPhoto(taskId, photo)).confirmed?.status).toBe(200);
    const [media] = (await cleaner.openRun()).body.run.tasks[0].media;
    const pending = await cleaner.http.post('/api/public/upload', {
      token: cleaner.token,
      runTaskId: taskId,
      fileName: 'later.jpg',
      contentType: 'image/jpeg',
      size: photo.length,
      action_id: randomUUID(),
    });
    expect(pending.status).toBe(200);
    expect((await fetch(media.url)).status).toBe(200);

    // Revoked, then rotated for someone else: the revocation is cleared, the old grants must not revive.
    expect((await owner.delete(`/api/runs/${run.id}/link`)).status).toBe(200);
    const rotated = await owner.post(`/api/runs/${run.id}/link`, {});
    expect(rotated.status).toBe(200);

    const upload = await fetch(pending.body.uploadUrl, {
      method: 'PUT',
      body: new Uint8Array(photo),
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(upload.status).toBe(410);
    expect(((await upload.json()) as { error: string }).error).toBe(revoked);
    for (const url of [media.url, media.thumbnail_url]) {
      const answer = await fetch(url);
      expect(answer.status).toBe(410);
      expect(((await answer.json()) as { error: string }).error).toBe(revoked);
    }

    const successor = Cleaner.fromLink(rotated.body.magic_link);
    const [fresh] = (await successor.openRun()).body.run.tasks[0].media;
    expect((await fetch(fresh.url)).status).toBe(200);
    expect((await successor.uploadPhoto(taskId, photo)).confirmed?.status).toBe(200);
  });
});
