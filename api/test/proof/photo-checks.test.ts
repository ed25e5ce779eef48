import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoChecksWorkflowId } from '@turnproof/workflows';
import { recordHistory } from '../../../temporal/test/support/record-history.ts';
import { signedInOwner } from '../support/browser.ts';
import type { TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { newRun, type Owner, useProofStack, waitFor, type CheckedMedia } from './proof-support.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/photos');
const fixture = (name: string) => readFile(path.join(FIXTURES, name));

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

useProofStack((stack) => ({ api, worker, owner } = stack));

/** Uploads the photos to a new run's first tasks (one each) and answers the media ids in that order. */
async function runWithPhotos(who: Owner, photos: Buffer[]) {
  const { run, cleaner } = await newRun(who);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  const ids: string[] = [];
  for (const [index, photo] of photos.entries()) {
    const upload = await cleaner.uploadPhoto(tasks[index]!.id, photo);
    expect(upload.confirmed?.status, JSON.stringify(upload.confirmed?.body)).toBe(200);
    ids.push(upload.confirmed!.body.media.id as string);
  }
  return { run, ids };
}

/** The evidence's photos once the worker has checked every one of `ids`. */
async function checkedMedia(who: Owner, runId: string, ids: string[]): Promise<Map<string, CheckedMedia>> {
  return waitFor(
    'the photo checks',
    async () => {
      const rows = await api.orm.em
        .getConnection()
        .execute<{ id: string }[]>(`select id from media where id = any(?::uuid[]) and checks is not null`, [
          `{${ids.join(',')}}`,
        ]);
      if (rows.length < ids.length) return undefined;
      const body = (await who.get(`/api/runs/${runId}/evidence`)).body as { tasks: { media: CheckedMedia[] }[] };
      return new Map(body.tasks.flatMap((task) => task.media).map((media) => [media.id, media]));
    },
    worker,
  );
}

describe('checks on the server, for every photo', () => {
  it('flags blurred and dark photos, passes good ones, flags a photo taken before the run, a reused one in a later run of the same owner only, and the host accepts a flag', async () => {
    const oldExif = await sharp(await fixture('good-bathroom.jpg'))
      .withExif({ IFD0: { Make: 'Pixel', Model: 'Pixel 9' }, IFD2: { DateTimeOriginal: '2020:01:02 10:00:00' } })
      .jpeg()
      .toBuffer();
    const first = await runWithPhotos(owner, [
      await fixture('good-kitchen.jpg'),
      await fixture('blurry-bedroom.jpg'),
      await fixture('dark-living-room.jpg'),
      oldExif,
    ]);
    const [good, blurry, dark, old] = first.ids;
    const checked = await checkedMedia(owner, first.run.id, first.ids);
    expect(checked.get(good!)!.checks).toEqual([]);
    expect(checked.get(blurry!)!.checks).toEqual(['blurry']);
    expect(checked.get(dark!)!.checks).toEqual(['dark']);
    expect(checked.get(old!)!.checks).toEqual(['captured_before_run']);
    expect(checked.get(good!)!.reused_from).toBeNull();
    if (process.env.RECORD_WORKFLOW_HISTORIES) {
      const workflowId = photoChecksWorkflowId(good!);
      await api.temporal.workflow.getHandle(workflowId).result();
      // photo-checks.json is the history from before the local activity: the code no longer makes it.
      await recordHistory(api.config, 'photo-checks-local', workflowId);
    }

    // The kitchen again, re-encoded and resized, in a later run of the same owner: reused, naming the first.
    const reencoded = await sharp(await fixture('good-kitchen.jpg'))
      .resize(900)
      .jpeg({ quality: 70 })
      .toBuffer();
    const later = await runWithPhotos(owner, [reencoded]);
    const again = (await checkedMedia(owner, later.run.id, later.ids)).get(later.ids[0]!)!;
    expect(again.checks).toEqual(['reused']);
    expect(again.reused_from).toEqual({ run_id: first.run.id, media_id: good });

    // Another owner's run with the same picture: nothing of the first owner's counts.
    const stranger = await signedInOwner(api);
    const theirs = await runWithPhotos(stranger, [reencoded]);
    expect((await checkedMedia(stranger, theirs.run.id, theirs.ids)).get(theirs.ids[0]!)!.checks).toEqual([]);

    // The host accepts the flag: it stays, marked accepted. An unknown check, or one not on the photo, is refused.
    const accept = (mediaId: string, check: string) =>
      owner.post(`/api/runs/${later.run.id}/evidence/${mediaId}/accept-check`, { check });
    const unknown = await accept(again.id, 'fuzzy');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(
      'check must be one of: blurry, dark, reused, captured_before_run, not_from_camera.',
    );
    const notFlagged = await accept(again.id, 'dark');
    expect(notFlagged.status).toBe(409);
    expect(notFlagged.body.error).toBe('This photo is not flagged dark.');
    const accepted = await accept(again.id, 'reused');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const after = (await checkedMedia(owner, later.run.id, later.ids)).get(again.id)!;
    expect(after).toMatchObject({ checks: ['reused'], accepted_checks: ['reused'] });
    // Someone else's run is not theirs to mark.
    const foreign = await stranger.post(`/api/runs/${later.run.id}/evidence/${again.id}/accept-check`, {
      check: 'reused',
    });
    expect(foreign.status).toBe(404);
  });
});
