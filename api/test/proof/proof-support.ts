import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll } from 'vitest';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { OTHER_PACK_BUSY } from '../../src/claims/claim-pack-jobs.ts';
import { type Browser, signedInOwner } from '../support/browser.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';
import { shootRoom } from '../../../platform/test/change-map/room-scene.ts';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';

export type Owner = Browser & { email: string; userId: string };

/** A photo as GET /api/runs/{id}/evidence lists it after the server's checks. */
export interface CheckedMedia {
  id: string;
  checks: string[];
  accepted_checks: string[];
  reused_from: { run_id: string; media_id: string } | null;
}

/** What most proof tests run on: a test API, its worker process, and an owner signed in to it. */
export interface ProofStack {
  api: TestApi;
  worker: WorkerProcess;
  owner: Owner;
}

/**
 * Starts a proof stack before the file's tests, hands it to `use`, and stops it after them; `env` adds
 * settings to the API's and the worker's environment.
 */
export function useProofStack(use: (stack: ProofStack) => void, env: Record<string, string> = {}): void {
  let api: TestApi | undefined;
  let worker: WorkerProcess | undefined;
  beforeAll(async () => {
    api = await startTestApi({ env });
    worker = await startWorkerProcess(api);
    use({ api, worker, owner: await signedInOwner(api) });
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
  });
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  worker?: WorkerProcess,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker?.output().slice(-3000) ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A property with its default checklists, and a run of the given kind made from one of them. */
export async function newRun(
  owner: Owner,
  type: 'turnover' | 'move_in' | 'move_out' = 'turnover',
  extra: Record<string, unknown> = {},
  propertyId?: string,
) {
  const property =
    propertyId ??
    (await owner.post('/api/properties', { name: 'Harbour Loft', address: '3 Quay St, Bristol' })).body.id;
  const checklists = await owner.get(
    `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property }))}`,
  );
  const checklist = checklists.body.find((c: { type: string }) => c.type === type);
  const run = await owner.post('/api/runs', { property_id: property, type, checklist_id: checklist.id, ...extra });
  if (run.status !== 201) throw new Error(`run creation failed: ${run.status} ${JSON.stringify(run.body)}`);
  return {
    run: run.body as { id: string; magic_link: string },
    propertyId: property as string,
    cleaner: Cleaner.fromLink(run.body.magic_link),
  };
}

/** The report of a version as the host downloads it, once the report workflow has made it. */
export async function reportPdf(owner: Owner, runId: string, version: number, worker?: WorkerProcess): Promise<Buffer> {
  await waitFor(
    `report v${version}`,
    async () => {
      const reports = await owner.get(`/api/runs/${runId}/reports`);
      const report = (reports.body as { version: number; status: string }[]).find((r) => r.version === version);
      return report?.status === 'ready' ? true : undefined;
    },
    worker,
    // A report that makes change maps of many photo pairs takes minutes on a busy machine.
    180_000,
  );
  const response = await fetch(`${owner.baseUrl}/api/runs/${runId}/reports/${version}/pdf`, {
    headers: { Cookie: owner.cookie },
  });
  if (response.status !== 200) throw new Error(`PDF download failed: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A completed run (every task ticked, every required photo uploaded) and its first report. */
export async function completedRun(
  api: TestApi,
  owner: Owner,
  worker: WorkerProcess,
  type: 'turnover' | 'move_in' | 'move_out' = 'turnover',
) {
  const made = await newRun(owner, type);
  const { tasks } = (await completeThroughMagicLink(made.cleaner)) as {
    tasks: { id: string; task: { required_media: number } }[];
  };
  const pdf = await reportPdf(owner, made.run.id, 1, worker);
  return { ...made, tasks, pdf, api };
}

/**
 * The damage-claim ZIP as the console gets it: GET answers 202 with progress while the worker prints
 * the claim PDF, then the ZIP.
 */
export async function claimPackZip(owner: Owner, runId: string, worker?: WorkerProcess): Promise<Response> {
  return waitFor(
    'the claim pack',
    async () => {
      const response = await fetch(`${owner.baseUrl}/api/runs/${runId}/claim-pack`, {
        headers: { Cookie: owner.cookie },
      });
      if (response.status === 202) {
        await response.body?.cancel();
        return undefined;
      }
      // The owner's pack of another run is still being made (its file may be stored while its workflow ends):
      // the answer says to wait and ask again, as a host would.
      if (response.status === 429) {
        const { error } = (await response.clone().json()) as { error: string };
        if (error === OTHER_PACK_BUSY) {
          await response.body?.cancel();
          return undefined;
        }
      }
      return response;
    },
    worker,
    // As long as a report: the print waits for the worker's printer behind the runs' reports and photo checks.
    180_000,
  );
}

export const squash = (text: string) => text.replace(/\s+/g, ' ');

export async function pdfText(pdf: Buffer): Promise<string> {
  return squash((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
}

// jsqr is CommonJS whose module.exports is the function; its types describe an ES default export.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/** Renders each page (pdf.js on @napi-rs/canvas, through pdf-parse) and reads the first QR code found. */
export async function qrCodeIn(pdf: Buffer): Promise<string | null> {
  const { pages } = await new PDFParse({ data: new Uint8Array(pdf) }).getScreenshot({ scale: 2, imageDataUrl: false });
  for (const page of [...pages].reverse()) {
    const { data, info } = await sharp(Buffer.from(page.data))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (code) return code.data;
  }
  return null;
}

/**
 * A move-in of a room with a lamp, and its move-out with every photo framed a little to the right and down,
 * the lamp gone: both completed, the move-out's change maps still to be made (with its report).
 */
export async function lampRoomMoveOut(owner: Owner) {
  const property = (await owner.post('/api/properties', { name: 'Lamp House', address: '3 Wick Row' })).body.id;
  const checklists = await owner.get(
    `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property }))}`,
  );
  const moveInList = checklists.body.find((c: { type: string }) => c.type === 'move_in');
  const runOf = async (type: string) => {
    const made = await owner.post('/api/runs', { property_id: property, type, checklist_id: moveInList.id });
    if (made.status !== 201)
      throw new Error(`The ${type} run was not made: ${made.status} ${JSON.stringify(made.body)}`);
    return { id: made.body.id as string, cleaner: Cleaner.fromLink(made.body.magic_link) };
  };
  const moveIn = await runOf('move_in');
  await completeThroughMagicLink(moveIn.cleaner, async () => (await shootRoom({})).jpeg);
  const moveOut = await runOf('move_out');
  await completeThroughMagicLink(
    moveOut.cleaner,
    async () => (await shootRoom({ dx: 0.04, dy: 0.03, withLamp: false })).jpeg,
  );
  return { moveIn, moveOut };
}
