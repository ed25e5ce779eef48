import { randomBytes, randomUUID } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Media } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

// Security review N8: a data export held a pooled database connection (a cursor) for as long as its
// reader took; ten readers that stop reading took the API's database away from every other owner.

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

let api: TestApi;
/** The same API, but cutting off an export reader after 1.5 s without progress. */
let impatient: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  impatient = await startTestApi({ exportIdleTimeoutMs: 1500 });
});
afterAll(async () => {
  await api?.close();
  await impatient?.close();
});

const FILE_BYTES = 16 * 1024 * 1024;
const FILES_PER_OWNER = 3;

/**
 * An owner whose export holds three incompressible 16 MB photos: more than the sockets between the API
 * and a reader buffer, so a reader that stops reading stops the export part-way through its media.
 */
async function ownerWithLargeMedia(on: TestApi, original: string): Promise<Owner> {
  const owner = await signedInOwner(on);
  const records = ownerRecords(on);
  const { runId, taskIds } = await records.run(await records.property(owner.userId, 'Export Villa'));
  const em = on.orm.em.fork();
  for (let n = 0; n < FILES_PER_OWNER; n += 1) {
    const path = `runs/${runId}/${taskIds[0]}/${randomUUID()}-photo.jpg`;
    // A hard link of one file, moved in: the same bytes under every path, without writing them again.
    const copy = `${original}-${randomUUID()}`;
    await link(original, copy);
    await on.storage.write(path, copy);
    em.create(Media, {
      run: runId,
      run_task: taskIds[0]!,
      path,
      type: 'photo',
      status: 'confirmed',
      content_type: 'image/jpeg',
      size: FILE_BYTES,
    });
  }
  await em.flush();
  return owner;
}

/** A large file beside the media folder, for the hard links. */
async function largeFile(on: TestApi) {
  await mkdir(on.config.mediaDir, { recursive: true });
  const folder = await mkdtemp(join(on.config.mediaDir, '.export-test-'));
  const file = join(folder, 'original');
  await writeFile(file, randomBytes(FILE_BYTES));
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** A real HTTP client that asks for the export, takes the headers and stops reading. */
function stalledExport(on: TestApi, owner: Owner): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const asked = request(`${on.socketUrl}/api/account/export`, { headers: { Cookie: owner.cookie } }, (response) => {
      response.pause();
      resolve(response);
    });
    asked.on('error', reject);
    asked.end();
  });
}

const timed = async (ask: () => Promise<{ status: number }>) => {
  const started = performance.now();
  const { status } = await ask();
  return { status, ms: performance.now() - started };
};

describe('N8: slow readers of the data export', () => {
  it("leave other owners' requests answering within a second, with ten of them stalled", async () => {
    const original = await largeFile(api);
    const stalled: IncomingMessage[] = [];
    try {
      const readers = await Promise.all(Array.from({ length: 10 }, () => ownerWithLargeMedia(api, original.file)));
      const other = await signedInOwner(api);
      stalled.push(...(await Promise.all(readers.map((reader) => stalledExport(api, reader)))));
      expect(stalled.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
      // Long enough for every export to fill its socket and stop in the middle of its photos.
      await new Promise((resolve) => setTimeout(resolve, 1500));

      for (let n = 0; n < 5; n += 1) {
        const answer = await timed(() => other.get('/api/properties'));
        expect(answer.status).toBe(200);
        expect(answer.ms).toBeLessThan(1000);
      }
      const created = await timed(() => other.post('/api/properties', { name: 'Calm Cottage', address: '1 Quiet Rd' }));
      expect(created.status).toBe(201);
      expect(created.ms).toBeLessThan(1000);

      // The owner of a stalled export gets a sentence, not a second export.
      const second = await readers[0]!.get('/api/account/export');
      expect(second.status).toBe(429);
      expect(second.body.error).toBe('Your data export is already downloading. Wait for it to finish, then try again.');
    } finally {
      for (const response of stalled) response.destroy();
      await original.remove();
    }
  });

  it('cuts off a reader that takes nothing for a while, and the owner can export again', async () => {
    const original = await largeFile(impatient);
    const owner = await ownerWithLargeMedia(impatient, original.file);
    const stalled = await stalledExport(impatient, owner);
    try {
      const exportNow = () => fetch(`${impatient.baseUrl}/api/account/export`, { headers: { Cookie: owner.cookie } });
      expect((await exportNow()).status).toBe(429);
      // The stalled reader is cut off 1.5 s after it stopped taking bytes; then the owner's place is free.
      const deadline = Date.now() + 20_000;
      let again = await exportNow();
      while (again.status === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        again = await exportNow();
      }
      expect(again.status).toBe(200);
      const zip = Buffer.from(await again.arrayBuffer());
      expect(zip.length).toBeGreaterThan(FILES_PER_OWNER * FILE_BYTES);
    } finally {
      stalled.destroy();
      await original.remove();
    }
  });
});
