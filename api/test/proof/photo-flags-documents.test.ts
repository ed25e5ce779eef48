import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { completeThroughMagicLink } from '../runner/cleaner.ts';
import {
  claimPackZip,
  newRun,
  type Owner,
  pdfText,
  reportPdf,
  useProofStack,
  waitFor,
  type CheckedMedia,
} from './proof-support.ts';

/** The server's photo flags (issue 28.2) printed in the report and the claim pack, an accepted one marked so. */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/photos');
const fixture = (name: string) => readFile(path.join(FIXTURES, name));

const BLURRY = 'The photo looks blurry.';
const DARK = 'The photo looks too dark.';
const ACCEPTED_DARK = `Accepted by the host: ${DARK}`;
/** Every sentence a flag can print as, accepted or not. */
const ANY_FLAG =
  /The photo looks blurry\.|The photo looks too dark\.|The same picture was sent in an earlier run|The photo was taken before this run was created\.|The photo does not come from a camera/g;

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

useProofStack((stack) => ({ api, worker, owner } = stack));

/** The run's photos once the worker has checked every confirmed one. */
async function checkedMedia(runId: string): Promise<CheckedMedia[]> {
  return waitFor(
    'the photo checks',
    async () => {
      const [row] = await api.orm.em
        .getConnection()
        .execute<{ unchecked: string }[]>(
          `select count(*) as unchecked from media where run_id = ? and status = 'confirmed' and checks is null`,
          [runId],
        );
      if (Number(row!.unchecked) > 0) return undefined;
      const body = (await owner.get(`/api/runs/${runId}/evidence`)).body as { tasks: { media: CheckedMedia[] }[] };
      return body.tasks.flatMap((task) => task.media);
    },
    worker,
  );
}

describe('photo flags in the documents', () => {
  it('prints each flag under its photo in the report and the claim pack, marks the accepted one, and nothing for clean photos', async () => {
    const { run, cleaner } = await newRun(owner);
    const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
    const uploaded: string[] = [];
    for (const [index, name] of ['good-kitchen.jpg', 'blurry-bedroom.jpg', 'dark-living-room.jpg'].entries()) {
      const upload = await cleaner.uploadPhoto(tasks[index]!.id, await fixture(name));
      expect(upload.confirmed?.status, JSON.stringify(upload.confirmed?.body)).toBe(200);
      uploaded.push(upload.confirmed!.body.media.id as string);
    }
    const [good, blurry, dark] = uploaded;
    // Issues on the blurry and the dark photos' tasks: the claim shows those tasks' photos as "after".
    for (const task of [tasks[1]!, tasks[2]!]) {
      const issue = await cleaner.http.post('/api/public/issue', {
        token: cleaner.token,
        action_id: randomUUID(),
        runTaskId: task.id,
        severity: 'medium',
        description: 'Scuff on the wall',
      });
      expect(issue.status).toBe(201);
    }
    await completeThroughMagicLink(cleaner);

    const media = await checkedMedia(run.id);
    const byId = new Map(media.map((item) => [item.id, item]));
    expect(byId.get(good!)!.checks).toEqual([]);
    expect(byId.get(blurry!)!.checks).toEqual(['blurry']);
    expect(byId.get(dark!)!.checks).toEqual(['dark']);
    const accepted = await owner.post(`/api/runs/${run.id}/evidence/${dark}/accept-check`, { check: 'dark' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const flagCount = media.reduce((sum, item) => sum + item.checks.length, 0);

    // A new report version, made after the checks and the host's acceptance.
    const regenerated = await owner.post(`/api/runs/${run.id}/reports`, {});
    expect(regenerated.status, JSON.stringify(regenerated.body)).toBe(202);
    const { version } = regenerated.body as { version: number };
    const report = await pdfText(await reportPdf(owner, run.id, version, worker));
    expect(report).toContain(BLURRY);
    expect(report).not.toContain(`Accepted by the host: ${BLURRY}`);
    expect(report).toContain(ACCEPTED_DARK);
    // One sentence per flag: the clean photos print none.
    expect(report.match(ANY_FLAG)).toHaveLength(flagCount);

    const response = await claimPackZip(owner, run.id, worker);
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    const claim = await pdfText(Buffer.from(await zip.file('claim.pdf')!.async('uint8array')));
    expect(claim).toContain(BLURRY);
    expect(claim).not.toContain(`Accepted by the host: ${BLURRY}`);
    expect(claim).toContain(ACCEPTED_DARK);
  });
});
