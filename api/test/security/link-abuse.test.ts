import { randomUUID } from 'node:crypto';
import { RUN_MEDIA_MAX_BYTES, RUN_MEDIA_MAX_COUNT } from '@turnproof/config';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraPhoto, Cleaner } from '../runner/cleaner.ts';
import { signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
let owner: Awaited<ReturnType<typeof signedInOwner>>;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signedInOwner(api);
});
afterAll(() => api?.close());

async function newRun(extra: Record<string, unknown> = {}) {
  const property = await owner.post('/api/properties', { name: 'Harbor Loft', address: '3 Pier Ave' });
  const template = (await owner.get('/api/templates?filter={"kind":"move_in"}')).body[0];
  const run = (
    await owner.post('/api/runs', {
      property_id: property.body.id,
      type: 'move_in',
      template_id: template.id,
      ...extra,
    })
  ).body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  return { run, cleaner, tasks };
}

const reserve = (cleaner: Cleaner, runTaskId: string, size: number, contentType = 'image/jpeg') =>
  cleaner.http.post('/api/public/upload', {
    token: cleaner.token,
    runTaskId,
    fileName: contentType === 'video/mp4' ? 'clip.mp4' : 'proof.jpg',
    contentType,
    size,
    action_id: randomUUID(),
  });

const put = (url: string, bytes: Buffer) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'Content-Type': 'image/jpeg' } });

describe('a per-run media quota', () => {
  it(`refuses the reservation after ${RUN_MEDIA_MAX_COUNT} files with 429 and a sentence`, async () => {
    const { cleaner, tasks } = await newRun();
    const answers: number[] = [];
    // Ten at a time, as a scripted link holder would.
    for (let start = 0; start < RUN_MEDIA_MAX_COUNT; start += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => reserve(cleaner, tasks[0]!.id, 1000)));
      answers.push(...batch.map((answer) => answer.status));
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(RUN_MEDIA_MAX_COUNT);
    const over = await reserve(cleaner, tasks[1]!.id, 1000);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(
      `This inspection already has ${RUN_MEDIA_MAX_COUNT} photos and videos, the most one inspection can hold. Ask the host for help.`,
    );
  });

  it('refuses the reservation that would take the run over its bytes with 413', async () => {
    const { cleaner, tasks } = await newRun();
    const video = 200 * 1024 * 1024;
    const fits = Math.floor(RUN_MEDIA_MAX_BYTES / video);
    for (let n = 0; n < fits; n += 1)
      expect((await reserve(cleaner, tasks[0]!.id, video, 'video/mp4')).status).toBe(200);
    const over = await reserve(cleaner, tasks[0]!.id, video, 'video/mp4');
    expect(over.status).toBe(413);
    expect(over.body.error).toMatch(/^This file would take this inspection over its 4 GB of photos and videos\./);
  });
});

describe('upload and media URLs of a revoked link', () => {
  it('answer 410 once the host revokes the link', async () => {
    const { run, cleaner, tasks } = await newRun();
    const photo = await cameraPhoto('revoked', 64, 64);
    const served = await cleaner.uploadPhoto(tasks[0]!.id, photo);
    expect(served.confirmed?.status).toBe(200);
    const media = (await cleaner.openRun()).body.run.tasks[0].media[0];
    const pending = await reserve(cleaner, tasks[0]!.id, photo.length);
    expect(pending.status).toBe(200);
    expect((await fetch(media.url)).status).toBe(200);

    expect((await owner.delete(`/api/runs/${run.id}/link`)).status).toBe(200);
    const upload = await put(pending.body.uploadUrl, photo);
    expect(upload.status).toBe(410);
    expect(((await upload.json()) as { error: string }).error).toBe(
      'This link was revoked by the host. Please ask the host for a new link.',
    );
    expect((await fetch(media.url)).status).toBe(410);
    expect((await fetch(media.thumbnail_url)).status).toBe(410);
  });
});

describe("the runner's view of the run", () => {
  it('shows only the unit and the tenant name of meta, never the e-mail or lease dates', async () => {
    const { cleaner } = await newRun({
      meta: {
        unit: '4B',
        tenant_name: 'Ada Tenant',
        tenant_email: 'ada.tenant@example.test',
        lease_start: '2026-12-01',
        lease_end: '2027-11-30',
      },
    });
    const opened = await cleaner.openRun();
    expect(opened.body.run.meta).toEqual({ unit: '4B', tenant_name: 'Ada Tenant' });
    expect(JSON.stringify(opened.body)).not.toContain('ada.tenant@example.test');
  });
});

describe('served original photos', () => {
  const gpsOf = async (bytes: Buffer) => {
    const { exif } = await sharp(bytes).metadata();
    return exif ? exifReader(exif).GPSInfo : undefined;
  };

  it('lose EXIF GPS by default, and keep it when the owner keeps location', async () => {
    const photo = await cameraPhoto('served-original', 200, 150);
    expect(await gpsOf(photo)).toBeDefined();

    const stripped = await newRun();
    expect((await stripped.cleaner.uploadPhoto(stripped.tasks[0]!.id, photo)).confirmed?.status).toBe(200);
    const strippedMedia = (await stripped.cleaner.openRun()).body.run.tasks[0].media[0];
    const served = Buffer.from(await (await fetch(strippedMedia.url)).arrayBuffer());
    expect(await gpsOf(served)).toBeUndefined();
    expect((await sharp(served).metadata()).width).toBe(200);
    // The location stays in the media row, for the host's report.
    const [row] = await api.orm.em
      .getConnection()
      .execute<{ latitude: number }[]>('select latitude from media where run_id = ?', [stripped.run.id]);
    expect(row!.latitude).toBeCloseTo(30.27, 2);

    expect((await owner.put('/api/preferences', { location_services: true })).status).toBe(200);
    try {
      const kept = await newRun();
      expect((await kept.cleaner.uploadPhoto(kept.tasks[0]!.id, photo)).confirmed?.status).toBe(200);
      const keptMedia = (await kept.cleaner.openRun()).body.run.tasks[0].media[0];
      const original = Buffer.from(await (await fetch(keptMedia.url)).arrayBuffer());
      expect(await gpsOf(original)).toBeDefined();
    } finally {
      await owner.put('/api/preferences', { location_services: false });
    }
  });
});
