import Router from '@koa/router';
import { LibraryChecklist } from '@turnproof/db';
import { checklistPrintHtml, type LibraryEntry } from '@turnproof/site';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody } from '../openapi/records.ts';
import { libraryEntries, toLibraryEntry } from './site-content.ts';
import { workerPrintedPdfs } from './worker-printed-pdf.ts';

const libraryEntry = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tasks: z.number(),
  estimatedTime: z.string(),
  difficulty: z.string(),
  downloadCount: z.number(),
  rating: z.number(),
  preview: z.array(z.string()),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

const NOT_FOUND = 'This checklist is not in the library.';

/**
 * The free checklist library (/checklists): its entries, and each as a PDF printed by the worker's
 * Chromium renderer (the reports' one). The PDF of an entry never changes, so it is printed once and
 * kept; every download counts.
 */
export function libraryRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/checklists/library' });
  const tags = ['Public site'];
  const printed = workerPrintedPdfs(deps);
  const pdfOf = (entry: LibraryEntry) => printed(entry.id, () => checklistPrintHtml(entry, deps.config.publicOrigin));

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'The free checklist library, in its order',
      tags,
      ok: { description: 'Entries (preview: the task list)', schema: z.array(libraryEntry) },
    },
    async (ctx) => {
      const entries = await libraryEntries(ctx.state.em);
      ctx.body = entries.map(({ taskList, ...entry }) => ({ ...entry, preview: taskList }));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:id/pdf',
      summary:
        'Download one checklist as a PDF (attachment) and count the download; X-Download-Count carries the new count. A plain form POST works too',
      tags,
      params: idParams,
      ok: { description: 'The PDF (application/pdf)', schema: fileBody, contentType: 'application/pdf' },
      errors: { 404: NOT_FOUND, 500: 'Failed to generate checklist PDF' },
    },
    async (ctx) => {
      const { id } = parseInput(idParams, ctx.params);
      const row = await ctx.state.em.findOne(LibraryChecklist, { id });
      if (!row) throw notFound(NOT_FOUND);
      const pdf = await pdfOf(toLibraryEntry(row));
      // Counted in one statement, so simultaneous downloads all count.
      const [counted] = await ctx.state.em
        .getConnection()
        .execute<{ download_count: number }[]>(
          'update library_checklists set download_count = download_count + 1 where id = ? returning download_count',
          [id],
        );
      ctx.set('Content-Disposition', `attachment; filename="${id}.pdf"`);
      ctx.set('X-Download-Count', String(counted?.download_count ?? row.download_count + 1));
      ctx.set('Access-Control-Expose-Headers', 'X-Download-Count, Content-Disposition');
      ctx.type = 'application/pdf';
      ctx.body = pdf;
    },
  );

  return router;
}
