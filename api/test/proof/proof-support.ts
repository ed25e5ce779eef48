import { PDFParse } from 'pdf-parse';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import type { Browser } from '../support/browser.ts';
import type { TestApi } from '../support/test-api.ts';
import type { WorkerProcess } from '../support/worker-process.ts';
import { Cleaner, completeThroughMagicLink } from '../runner/cleaner.ts';

export type Owner = Browser & { email: string; userId: string };

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
      if (response.status !== 202) return response;
      await response.body?.cancel();
      return undefined;
    },
    worker,
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
