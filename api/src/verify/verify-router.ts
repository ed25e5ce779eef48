import Router from '@koa/router';
import { readTimestampToken } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { addressBudgetKey } from '../http/client-address.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { fileBody, pdfIdentification, runVerification } from '../openapi/records.ts';
import { addRoute } from '../openapi/registry.ts';
import { identifyPdf } from './pdf-identification.ts';
import type { RunVerifications } from './run-verifications.ts';
import { busyPage, unknownRunPage, verificationPage } from './verify-page.ts';

const runParams = z.object({ runId: z.string() });
const anchorParams = z.object({ runId: z.string(), anchorId: z.string() });
const isUuid = (text: string) => z.uuid().safeParse(text).success;
const tags = ['Verification (public)'];

/** Anyone may verify, so each address has a budget: 429 once it is spent. */
const spendVerification = (deps: AppDeps, ctx: AppContext) =>
  deps.rateLimits.consume(['verificationsPerIp', addressBudgetKey(ctx.ip)]);

/** The public JSON side of verification: a run's recomputed log, and "which report is this PDF?". */
export function verifyApiRouter(deps: AppDeps, verifications: RunVerifications) {
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
      errors: { 404: 'No such run', 429: 'Too many verifications from this address' },
    },
    async (ctx) => {
      await spendVerification(deps, ctx);
      const runId = ctx.params.runId ?? '';
      const result = isUuid(runId) ? await verifications.of(ctx.state.em, runId) : null;
      if (!result) throw notFound('No Turnproof run has this id.');
      ctx.body = result;
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/:runId/timestamps/:anchorId',
      summary:
        "One timestamp anchor's RFC 3161 token, for `openssl ts -verify -digest <head> -in token.tsr -CAfile <tsa-root>`",
      tags,
      params: anchorParams,
      ok: { description: 'The TimeStampResp (DER)', schema: fileBody, contentType: 'application/timestamp-reply' },
      errors: { 404: 'No such anchor' },
    },
    async (ctx) => {
      const { runId = '', anchorId = '' } = ctx.params;
      const token = isUuid(runId) && isUuid(anchorId) ? await readTimestampToken(ctx.state.em, runId, anchorId) : null;
      if (!token) throw notFound('This run has no timestamp with this id.');
      ctx.type = 'application/timestamp-reply';
      ctx.attachment(`${runId}-${anchorId}.tsr`);
      ctx.body = token;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary:
        'Is this PDF (the request body, application/pdf, at most 10 MB) an unaltered Turnproof report, and of which run and version?',
      tags,
      ok: { description: 'Which report the PDF is, if any', schema: pdfIdentification },
      errors: {
        413: 'The file is over 10 MB',
        415: 'Not sent as application/pdf',
        429: 'Too many verifications from this address',
      },
    },
    async (ctx) => {
      // JSON or form bodies were read by the body parser already; a PDF comes as its own bytes.
      if (!ctx.request.is('application/pdf', 'application/octet-stream'))
        throw new HttpError(415, 'Send the PDF file itself, with Content-Type application/pdf.');
      await spendVerification(deps, ctx);
      ctx.body = await identifyPdf(ctx.state.em, ctx.req, Number(ctx.get('Content-Length') || 0));
    },
  );

  return router;
}

/** GET /verify/{runId}: the page a report's QR code opens. Public, no login. */
export function verifyPageRouter(deps: AppDeps, verifications: RunVerifications) {
  const router = new Router<AppState>();
  router.get('/verify/:runId', async (ctx) => {
    ctx.type = 'html';
    try {
      await spendVerification(deps, ctx);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      ctx.set(error.headers);
      ctx.status = error.status;
      ctx.body = busyPage(error.message);
      return;
    }
    const runId = ctx.params.runId ?? '';
    const result = isUuid(runId) ? await verifications.of(ctx.state.em, runId) : null;
    const version = Number(ctx.query.v);
    if (!result) {
      ctx.status = 404;
      ctx.body = unknownRunPage();
      return;
    }
    ctx.body = verificationPage(result, Number.isInteger(version) && version > 0 ? version : null);
  });
  return router;
}
