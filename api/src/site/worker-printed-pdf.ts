import { createHash } from 'node:crypto';
import { printStoredPage } from '@turnproof/temporal/client';
import type { AppDeps } from '../app-deps.ts';
import { serviceUnavailable } from '../http/errors.ts';

/** How long a request waits for the worker's print; the print goes on and the next request finds its PDF. */
const PRINT_WAIT_MS = 60_000;
const NOT_PRINTED = 'The PDF cannot be printed right now. Please try again in a minute.';

type PrintDeps = Pick<AppDeps, 'storage' | 'temporal' | 'config'>;

/**
 * A page printed to PDF by the worker, never in the API: its HTML goes to the media storage under
 * `folder` and its content's hash, the worker prints it beside it, and the PDF stays there, so the same
 * content is printed once.
 */
export async function printOnWorker(deps: PrintDeps, html: string, folder = 'site-pdfs'): Promise<Buffer> {
  const base = `${folder}/${createHash('sha256').update(html).digest('hex')}`;
  const paths = { htmlPath: `${base}.html`, pdfPath: `${base}.pdf` };
  if (!(await deps.storage.exists(paths.pdfPath))) {
    await deps.storage.write(paths.htmlPath, Buffer.from(html));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(serviceUnavailable(NOT_PRINTED)), PRINT_WAIT_MS);
    });
    try {
      await Promise.race([printStoredPage(deps.temporal, deps.config, paths), late]);
    } finally {
      clearTimeout(timer);
    }
  }
  return deps.storage.read(paths.pdfPath);
}

/** The PDFs of public pages (library checklists, the sample report), also kept in this process. */
export function workerPrintedPdfs(deps: PrintDeps) {
  const printed = new Map<string, Promise<Buffer>>();

  /** `key` names the page's content in this process (an entry id), so its HTML is built once. */
  return (key: string, html: () => Promise<string> | string): Promise<Buffer> => {
    let pdf = printed.get(key);
    if (!pdf) {
      pdf = Promise.resolve(html()).then((page) => printOnWorker(deps, page));
      printed.set(key, pdf);
      pdf.catch(() => printed.delete(key));
    }
    return pdf;
  };
}
