import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { WorkerProcess } from '../support/worker-process.ts';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';
import { type Owner, pdfText, reportPdf, useProofStack } from './proof-support.ts';

let worker: WorkerProcess;
let owner: Owner;

useProofStack((stack) => ({ worker, owner } = stack));

describe('a move-out beside its move-in', () => {
  it("pairs each photographed task's move-in and move-out photos side by side in the report, with both times", async () => {
    const property = (await owner.post('/api/properties', { name: 'Canal House', address: '8 Lock Lane' })).body.id;
    const checklists = await owner.get(
      `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property }))}`,
    );
    const moveInList = checklists.body.find((c: { type: string }) => c.type === 'move_in');
    const runOf = async (type: string, unit: string) => {
      const made = await owner.post('/api/runs', {
        property_id: property,
        type,
        checklist_id: moveInList.id,
        meta: { unit },
      });
      expect(made.status).toBe(201);
      return { id: made.body.id as string, cleaner: Cleaner.fromLink(made.body.magic_link) };
    };
    // Another unit's move-in is not this unit's baseline.
    const otherUnit = await runOf('move_in', '9C');
    await completeThroughMagicLink(otherUnit.cleaner);
    const moveIn = await runOf('move_in', '4B');
    const tasks = (await completeThroughMagicLink(moveIn.cleaner)).tasks as {
      task: { required_media: number; title: string };
    }[];
    const moveOut = await runOf('move_out', '4B');
    await completeThroughMagicLink(moveOut.cleaner);

    const pdf = await reportPdf(owner, moveOut.id, 1, worker);
    const text = await pdfText(pdf);
    const photographed = tasks.filter((task) => task.task.required_media > 0);
    const photos = photographed.reduce((sum, task) => sum + task.task.required_media, 0);
    expect(photographed.length).toBeGreaterThan(0);
    // Headings print in capitals: one pair of columns per photographed task.
    expect(text.match(/MOVE-IN THIS RUN/g)).toHaveLength(photographed.length);
    expect(text.match(/Device time \(claimed\):/g)).toHaveLength(2 * photos);
    expect(text.match(/Received by server: \w/g)).toHaveLength(2 * photos);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const images = (
      await parser.getImage({ imageThreshold: 0, imageDataUrl: false, imageBuffer: false })
    ).pages.flatMap((page) => page.images);
    // Both runs' photos and the QR code.
    expect(images).toHaveLength(2 * photos + 1);
  });
});
