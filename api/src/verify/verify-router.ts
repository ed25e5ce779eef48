import Router from '@koa/router';
import getRawBody from 'raw-body';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { pdfIdentification, runVerification } from '../openapi/records.ts';
import { addRoute } from '../openapi/registry.ts';
import { identifyPdf } from './pdf-identification.ts';
import { verifyRun } from './run-verification.ts';
import { unknownRunPage, verificationPage } from './verify-page.ts';

/** Report PDFs above this are not ours (the e-mail attaches up to 10 MB; photos are downscaled). */
const MAX_PDF_BYTES = 50 * 1024 * 1024;
const runParams = z.object({ runId: z.string() });
const isUuid = (text: string) => z.uuid().safeParse(text).success;
const tags = ['Verification (public)'];

/** The public JSON side of verification: a run's recomputed log, and "which report is this PDF?". */
export function verifyApiRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/public/verify' });

  addRoute(
    router,
    {
      method: 'get',
      path: '/:runId',
      summary: "Recomputes a run's capture log and checks its photos and report PDFs; names what fails",
      tags,
      params: runParams,
      ok: { description: 'The recomputed log and what fails', schema: runVerification },
      errors: { 404: 'No such run' },
    },
    async (ctx) => {
      const runId = ctx.params.runId ?? '';
      const result = isUuid(runId) ? await verifyRun(ctx.state.em, deps.storage, runId) : null;
      if (!result) throw notFound('No Turnproof run has this id.');
      ctx.body = result;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary:
        'Is this PDF (the request body, application/pdf) an unaltered Turnproof report, and of which run and version?',
      tags,
      ok: { description: 'Which report the PDF is, if any', schema: pdfIdentification },
      errors: { 413: 'The file is too large to be a report', 415: 'Not sent as application/pdf' },
    },
    async (ctx) => {
      // JSON or form bodies were read by the body parser already; a PDF comes as its own bytes.
      if (!ctx.request.is('application/pdf', 'application/octet-stream'))
        throw new HttpError(415, 'Send the PDF file itself, with Content-Type application/pdf.');
      let bytes: Buffer;
      try {
        bytes = await getRawBody(ctx.req, { limit: MAX_PDF_BYTES });
      } catch (error) {
        if ((error as { type?: string }).type === 'entity.too.large')
          throw new HttpError(413, 'This file is too large to be a Turnproof report.');
        throw error;
      }
      ctx.body = await identifyPdf(ctx.state.em, bytes);
    },
  );

  return router;
}

/** GET /verify/{runId}: the page a report's QR code opens. Public, no login. */
export function verifyPageRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  router.get('/verify/:runId', async (ctx) => {
    const runId = ctx.params.runId ?? '';
    const result = isUuid(runId) ? await verifyRun(ctx.state.em, deps.storage, runId) : null;
    const version = Number(ctx.query.v);
    ctx.type = 'html';
    if (!result) {
      ctx.status = 404;
      ctx.body = unknownRunPage();
      return;
    }
    ctx.body = verificationPage(result, Number.isInteger(version) && version > 0 ? version : null);
  });
  return router;
}
