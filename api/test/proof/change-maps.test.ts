import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { signedInOwner } from '../support/browser.ts';
import type { TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import {
  claimPackZip,
  lampRoomMoveOut,
  type Owner,
  pdfText,
  reportPdf,
  squash,
  useProofStack,
} from './proof-support.ts';

let api: TestApi;
let worker: WorkerProcess;
let owner: Owner;

useProofStack((stack) => ({ api, worker, owner } = stack));

interface ChangeMapRecord {
  id: string;
  task_title: string;
  image_url: string;
  regions: { number: number; status: string }[];
}

describe('change maps of a move-out against its move-in', () => {
  // Two completed runs of photos, then a change map per pair made with the report: minutes on a busy machine.
  it(
    'outlines the removed lamp in the report, lets only the owner confirm or dismiss it, and claims only confirmed changes as damage',
    { timeout: 360_000 },
    async () => {
      const { moveOut } = await lampRoomMoveOut(owner);

      const report = squash(await pdfText(await reportPdf(owner, moveOut.id, 1, worker)));
      expect(report).toContain('POSSIBLE CHANGES — CONFIRM OR DISMISS');
      expect(report).toContain('Possible change, not yet confirmed by the host');
      expect(report).not.toContain('Damage, confirmed by the host');

      const listed = await owner.get<ChangeMapRecord[]>(`/api/runs/${moveOut.id}/change-maps`);
      expect(listed.status).toBe(200);
      expect(listed.body.length).toBeGreaterThan(1);
      for (const map of listed.body) expect(map.regions.map((region) => region.status)).toEqual(['proposed']);
      const image = await fetch(listed.body[0]!.image_url);
      expect(image.headers.get('content-type')).toBe('image/jpeg');

      const [first, second] = listed.body as [ChangeMapRecord, ChangeMapRecord];
      const decide = (who: Owner, mapId: string, number: number | string, body: unknown) =>
        who.put<{ error?: string } & Partial<ChangeMapRecord>>(
          `/api/runs/${moveOut.id}/change-maps/${mapId}/regions/${number}`,
          body,
        );

      // Another owner cannot see or decide this run's changes.
      const stranger = await signedInOwner(api);
      expect((await stranger.get(`/api/runs/${moveOut.id}/change-maps`)).status).toBe(404);
      expect((await decide(stranger, first.id, 1, { status: 'confirmed' })).status).toBe(404);
      // Bad input: an unknown status, region or map.
      const badStatus = await decide(owner, first.id, 1, { status: 'damaged' });
      expect(badStatus.status).toBe(400);
      expect(badStatus.body.error).toEqual(expect.any(String));
      const noRegion = await decide(owner, first.id, 7, { status: 'confirmed' });
      expect([noRegion.status, noRegion.body.error]).toEqual([404, 'This change map has no such region']);
      const noMap = await decide(owner, 'not-a-map', 1, { status: 'confirmed' });
      expect(noMap.status).toBe(404);
      // Nothing was decided (each listing signs its image links afresh, so those are left out).
      const withoutLinks = (maps: ChangeMapRecord[]) => maps.map(({ image_url: _link, ...map }) => map);
      const again = await owner.get<ChangeMapRecord[]>(`/api/runs/${moveOut.id}/change-maps`);
      expect(withoutLinks(again.body)).toEqual(withoutLinks(listed.body));

      const confirmed = await decide(owner, first.id, 1, { status: 'confirmed' });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.regions?.[0]?.status).toBe('confirmed');
      expect((await decide(owner, second.id, 1, { status: 'dismissed' })).body.regions?.[0]?.status).toBe('dismissed');

      const response = await claimPackZip(owner, moveOut.id, worker);
      expect(response.status).toBe(200);
      const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
      const claim = squash(await pdfText(Buffer.from(await zip.file('claim.pdf')!.async('uint8array'))));
      expect(claim).toContain('Only the changes the host confirmed are claimed as damage.');
      expect(claim.match(/Damage, confirmed by the host/g)).toHaveLength(1);
      expect(claim.match(/Dismissed by the host: no change/g)).toHaveLength(1);
      expect(claim.match(/Possible change, not yet confirmed by the host/g)).toHaveLength(listed.body.length - 2);
    },
  );
});
