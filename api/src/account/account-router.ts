import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { endSession, requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { documentRoute } from '../openapi/registry.ts';
import { accountMessages, deleteAccount } from './account-deletion.ts';
import { buildAccountExport, exportFileName } from './account-export.ts';

const deleteBody = z.object({
  confirm_email: z.string({ error: accountMessages.confirmMismatch }).max(254, accountMessages.confirmMismatch),
});

/** Settings > Privacy & Data: Export Data and Delete Account. */
export function accountRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/account' });
  const tags = ['Account'];

  documentRoute({
    method: 'get',
    path: '/api/account/export',
    summary: 'Download everything the owner has: a ZIP of JSON files, report PDFs, photos and videos',
    tags,
    signedIn: true,
    ok: { description: 'application/zip attachment' },
    errors: { 401: 'Authentication required' },
  });
  router.get('/export', async (ctx) => {
    const user = requireUser(ctx);
    const archive = await buildAccountExport(ctx.state.em, deps.storage, user.id);
    archive.on('error', (error) => ctx.state.log.error({ err: error }, 'account export failed mid-stream'));
    ctx.type = 'application/zip';
    ctx.attachment(exportFileName());
    ctx.body = archive;
  });

  documentRoute({
    method: 'post',
    path: '/api/account/deletion',
    summary: 'Delete the account and all its data (type the account e-mail to confirm); signs out',
    tags,
    body: deleteBody,
    signedIn: true,
    ok: { description: accountMessages.deleted, schema: z.object({ ok: z.literal(true), message: z.string() }) },
    errors: { 401: 'Authentication required', 503: accountMessages.cancelFailed },
  });
  // A POST, not a DELETE: the confirmation travels in a JSON body, which DELETE requests do not carry here.
  router.post('/deletion', async (ctx) => {
    const user = requireUser(ctx);
    const { confirm_email } = parseInput(deleteBody, ctx.request.body);
    await deleteAccount(deps, ctx.state.em, user, confirm_email);
    await endSession(ctx);
    ctx.body = { ok: true, message: accountMessages.deleted };
  });

  return router;
}
