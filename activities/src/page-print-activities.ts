import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import type { PdfRenderer } from '@turnproof/platform/report';
import { withHeartbeat } from './report-activities.ts';

/** A self-contained HTML page in the media storage, and where its PDF goes. */
export interface PagePrint {
  htmlPath: string;
  pdfPath: string;
}

/**
 * Prints pages the API serves as PDFs (the public site's checklists and sample report) on the worker,
 * with the shared Chromium and its limit, so no API process ever starts a browser.
 */
export function createPagePrintActivities(deps: { storage: MediaStorage; pdf: PdfRenderer }) {
  return {
    /** Idempotent: a PDF already stored at the path is kept. */
    async printStoredPage({ htmlPath, pdfPath }: PagePrint): Promise<void> {
      if (await deps.storage.exists(pdfPath)) return;
      // Printed from a file, the one URL the print context may load.
      const folder = await mkdtemp(join(tmpdir(), 'turnproof-page-'));
      try {
        const file = join(folder, 'page.html');
        await writeFile(file, await deps.storage.read(htmlPath));
        const pdf = await withHeartbeat(() => deps.pdf.renderFile(file));
        await deps.storage.write(pdfPath, pdf);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
