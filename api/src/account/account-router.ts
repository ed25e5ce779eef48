import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { messages as authMessages } from '../auth/auth-service.ts';
import { confirmOwnerPresent } from '../auth/reauthentication.ts';
import { endSession, requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { fileBody } from '../openapi/records.ts';
import { accountMessages, assertTypedEmail, deleteAccount } from './account-deletion.ts';
import { buildAccountExport, exportFileName } from './account-export.ts';

const deleteBody = z.object({
  confirm_email: z.string({ error: accountMessages.confirmMismatch }).max(254, accountMessages.confirmMismatch),
  /** Required when the account has a password; an account that only signs in with Google needs a fresh sign-in. */
  current_password: z.string({ error: authMessages.currentPasswordNeeded }).max(1024).optional(),
});

/** A reader that takes nothing of the export for this long is cut off, freeing its place. */
export const EXPORT_IDLE_TIMEOUT_MS = 60_000;
const exportBusy = 'Your data export is already downloading. Wait for it to finish, then try again.';

/** Settings > Privacy & Data: Export Data and Delete Account. */
export function accountRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/account' });
  const tags = ['Account'];
  // One export per owner at a time in this process: more would only share the owner's bandwidth.
  const exporting = new Set<string>();

  addRoute(
    router,
    {
      method: 'get',
      path: '/export',
      summary: 'Download everything the owner has: a ZIP of JSON files, report PDFs, photos and videos',
      tags,
      signedIn: true,
      ok: { description: 'application/zip attachment', schema: fileBody, contentType: 'application/zip' },
      errors: { 401: 'Authentication required', 429: exportBusy },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      if (exporting.has(user.id)) throw new HttpError(429, exportBusy);
      exporting.add(user.id);
      ctx.res.once('close', () => exporting.delete(user.id));
      ctx.res.setTimeout(deps.exportIdleTimeoutMs ?? EXPORT_IDLE_TIMEOUT_MS, () => ctx.res.destroy());
      const archive = await buildAccountExport(ctx.state.em, deps.storage, user.id);
      archive.on('error', (error) => ctx.state.log.error({ err: error }, 'account export failed mid-stream'));
      ctx.type = 'application/zip';
      ctx.attachment(exportFileName());
      ctx.body = archive;
    },
  );

  // A POST, not a DELETE: the confirmation travels in a JSON body, which DELETE requests do not carry here.
  addRoute(
    router,
    {
      method: 'post',
      path: '/deletion',
      summary:
        'Delete the account and all its data (type the account e-mail and the current password to confirm); signs out',
      tags,
      body: deleteBody,
      signedIn: true,
      ok: { description: accountMessages.deleted, schema: z.object({ ok: z.literal(true), message: z.string() }) },
      errors: {
        400: authMessages.currentPasswordIncorrect,
        401: 'Authentication required',
        403: authMessages.recentSignInNeeded,
        429: 'Too many wrong passwords',
        503: accountMessages.cancelFailed,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { confirm_email, current_password } = parseInput(deleteBody, ctx.request.body);
      assertTypedEmail(user, confirm_email);
      await confirmOwnerPresent(deps, ctx, user.id, current_password);
      await deleteAccount(deps, ctx.state.em, user, confirm_email);
      await endSession(ctx);
      ctx.body = { ok: true, message: accountMessages.deleted };
    },
  );

  return router;
}
