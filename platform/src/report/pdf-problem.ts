import { accessSync, constants } from 'node:fs';

/** What the host reads on a report that could not be printed because the worker has no browser. */
export const CHROMIUM_MISSING = 'The PDF could not be printed: Chromium is not installed on the worker.';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A printing failure as one sentence for the host, instead of Playwright's multi-line message. */
export function pdfProblem(error: unknown, executablePath: string): string {
  if (!isExecutable(executablePath)) return CHROMIUM_MISSING;
  const detail = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? '';
  return `The PDF could not be printed: Chromium failed (${detail.slice(0, 200)}).`;
}

/** Thrown by the renderer; its message is the host's sentence, the Playwright error its cause. */
export class PdfPrintError extends Error {
  override name = 'PdfPrintError';
}
