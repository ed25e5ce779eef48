import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { Alert, appendCaptureEntries, Media } from '@turnproof/db';
import { recordRunWebhookEvent } from '@turnproof/platform/webhooks';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { conflict, forbidden, HttpError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { NOT_UPLOADED_YET, verifyDirectUpload } from '../media/accept-upload.ts';
import { mediaKind, safeContentType, sanitiseFileName } from '../media/file-name.ts';
import { signToken } from '../media/signed-tokens.ts';
import { addRoute } from '../openapi/registry.ts';
import {
  alertRecord,
  mediaConfirmed,
  publicRunView,
  publicTaskAnswer,
  runCompleted,
  supplyCounted,
  uploadReservation,
} from '../openapi/records.ts';
import { enqueueIssue, noteProgress } from '../outbox/outbox-writes.ts';
import { issueEntry, mediaEntry, reportEntries, supplyEntry, taskEntry } from '../capture/cleaner-entries.ts';
import { sha256OfStored } from '../capture/stored-digest.ts';
import { assertRejectedPhotosReplaced } from '../review/photo-requirement.ts';
import { completeRun } from '../runs/complete-run.ts';
import { applyOnce, findRecorded } from './apply-once.ts';
import { verifiedDeviceSignature } from './device-keys.ts';
import { beginAction, openAction } from './open-action.ts';
import { attachIssuePhotos, checkIssuePhotos, issuePhotoMessages, photoRaceAnswer } from './issue-photos.ts';
import { confirmedFields, schedulePhotoChecks } from './media-confirmation.ts';
import {
  actionTime,
  completeBody,
  issueBody,
  mediaConfirmBody,
  runQuery,
  supplyCountBody,
  taskBody,
  uploadBody,
} from './public-input.ts';
import { toPublicRun } from './public-run-view.ts';
import { noteRunOpened } from './run-opened.ts';
import { actionCapMessages, assertIssueCap, assertTaskActionCap } from './run-action-caps.ts';
import { assertWithinRunQuota, quotaMessages } from './run-media-quota.ts';
import { assertTaskOpen, linkMessages, linkStamp, noteRunStarted, runForToken, taskOfRun } from './run-access.ts';
import { applySupplyCount, foreignSupplyMessage } from './supply-count.ts';
import { applyTaskAction } from './task-action.ts';
import { TaskActionBatches } from './task-action-batches.ts';
import type { TaskActionAnswer } from './task-action-statement.ts';
import { UPLOAD_LIMITS, UPLOAD_URL_TTL_MS, uploadTooLargeMessage } from './upload-limits.ts';

/** The magic-link API of the spec's table 7.1: no login, the token in the query or body. */
export function publicRunRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/public' });
  const taskActions = new TaskActionBatches(deps.orm.em);
  const tags = ['Runner (magic link)'];
  const links = { origin: deps.config.publicOrigin, secretKey: deps.config.SECRET_KEY };
  const linkErrors = {
    403: linkMessages.foreignTask,
    404: linkMessages.invalid,
    409: linkMessages.completed,
    410: linkMessages.revoked,
  };

  addRoute(
    router,
    {
      method: 'get',
      path: '/run',
      summary: 'The run a magic link opens, with its tasks and short-lived media URLs',
      tags,
      query: runQuery,
      ok: { description: 'The run', schema: publicRunView },
      errors: linkErrors,
    },
    async (ctx) => {
      const { token } = parseInput(runQuery, ctx.query);
      const run = await runForToken(ctx.state.em, token);
      await noteRunOpened(ctx.state.em, run, null);
      ctx.body = await toPublicRun(ctx.state.em, run, links);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/task',
      summary: 'Check or uncheck a task with comment, duration and location (applied once per action_id)',
      tags,
      body: taskBody,
      ok: { description: 'The task as stored', schema: publicTaskAnswer },
      errors: { ...linkErrors, 429: actionCapMessages.taskActions },
    },
    async (ctx) => {
      const receivedAt = new Date();
      const body = parseInput(taskBody, ctx.request.body);
      const at = actionTime(body.timestamp, receivedAt);
      // Its one read needs only the connection: no entity manager forked for the request on this path.
      const signed = await verifiedDeviceSignature(deps.orm.em, 'task', body, ctx.request.body);
      // The common case (a new action on an open run) in one shared statement; everything else below.
      // Either way the run's progress message for its workflow is written with the change.
      // Its rate-limit budgets are spent in that statement too (public-throttle.ts).
      const budgets = ctx.state.publicBudgets!;
      const { spent, applied: quick } = await taskActions.apply({
        body,
        at,
        receivedAt,
        deviceSignature: signed,
        budgets: budgets.points(),
      });
      await budgets.settle(spent);
      if (quick) {
        if (quick.claimed) deps.outbox.nudge();
        ctx.body = quick.answer;
        return;
      }
      const { em, run, key, recorded } = await openAction(ctx.state.em, body, 'task');
      if (recorded) {
        ctx.body = recorded;
        return;
      }
      if (run.status === 'revision_requested') assertTaskOpen(run, await taskOfRun(em, run, body.runTaskId));
      const { response } = await applyOnce(em, key, async (tx): Promise<TaskActionAnswer> => {
        await assertTaskActionCap(tx, key);
        const startedAt = run.started_at ?? (await noteRunStarted(tx, run));
        const task = await applyTaskAction(tx, run.id, body, at);
        if (task.applied) {
          await noteProgress(tx, run.id);
          await appendCaptureEntries(tx, run.id, [taskEntry(body, receivedAt, signed)]);
        }
        const status = run.status === 'revision_requested' ? 'revision_requested' : 'in_progress';
        return {
          ok: true,
          applied: task.applied,
          run: { status, started_at: startedAt.toISOString() },
          task: task.row,
        };
      });
      if (response.applied) deps.outbox.nudge();
      ctx.body = response;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/upload',
      summary: 'Reserve an upload: answers a signed URL to PUT the bytes to (15 minutes)',
      tags,
      body: uploadBody,
      ok: { description: '{path, signedToken, uploadUrl}', schema: uploadReservation },
      errors: {
        ...linkErrors,
        413: 'The file is over the size limit, or the run over its bytes',
        429: quotaMessages.count,
      },
    },
    async (ctx) => {
      const { body, em, run, key } = await beginAction(ctx, uploadBody, 'upload');
      const task = await taskOfRun(em, run, body.runTaskId);
      const kind = mediaKind(body.contentType ?? '');
      const maxBytes = UPLOAD_LIMITS[kind];
      if (body.size > maxBytes) throw new HttpError(413, uploadTooLargeMessage(kind));
      const { response } = await applyOnce(em, key, async (tx) => {
        await assertWithinRunQuota(tx, run.id, body.size, kind);
        const path = `runs/${run.id}/${task.id}/${randomUUID()}-${sanitiseFileName(body.fileName)}`;
        const contentType = safeContentType(body.contentType ?? undefined);
        const media = tx.create(Media, {
          run: run.id,
          run_task: task.id,
          path,
          type: kind,
          status: 'uploading',
          content_type: contentType,
          size: body.size,
        });
        await tx.flush();
        const signedToken = signToken(
          deps.config.SECRET_KEY,
          'upload',
          { mediaId: media.id, path, maxBytes, kind, link: linkStamp(run) },
          UPLOAD_URL_TTL_MS,
        );
        // With an object store the phone PUTs straight to the bucket (to a staging object the API takes the
        // file from at confirmation); the size and a harmless type are in the signature.
        const uploadUrl = deps.storage.direct
          ? await deps.storage.direct.uploadUrl(path, {
              contentType,
              size: body.size,
              expiresInSeconds: UPLOAD_URL_TTL_MS / 1000,
            })
          : `${deps.config.publicOrigin}/api/public/upload/${signedToken}`;
        return {
          path,
          signedToken,
          uploadUrl,
          expires_at: new Date(Date.now() + UPLOAD_URL_TTL_MS).toISOString(),
        };
      });
      ctx.body = response;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/media-confirm',
      summary: 'Confirm an uploaded file as proof for its task',
      tags,
      body: mediaConfirmBody,
      ok: { description: 'The media and the task media count', schema: mediaConfirmed },
      errors: { ...linkErrors, 422: linkMessages.cameraOnly },
    },
    async (ctx) => {
      const receivedAt = new Date();
      const { body, em, run, key } = await beginAction(ctx, mediaConfirmBody, 'media-confirm');
      const signed = await verifiedDeviceSignature(em, 'media-confirm', body, ctx.request.body);
      const task = await taskOfRun(em, run, body.runTaskId);
      assertTaskOpen(run, task);
      // The runner offers no gallery for such a task; this refuses a photo it still marked as picked from one.
      if (task.camera_only && body.source === 'gallery') throw new HttpError(422, linkMessages.cameraOnly);
      const media = await em.findOne(Media, { path: body.path });
      if (!media || media.run.id !== run.id || media.run_task?.id !== task.id)
        throw forbidden(linkMessages.foreignFile);
      await verifyDirectUpload(deps, em, media);
      if (media.status === 'uploading') throw conflict(NOT_UPLOADED_YET);
      if (media.status === 'error')
        throw conflict('This file was refused when it was uploaded. Please upload it again.');
      // The digest of the bytes as stored, whatever the upload did to them, is what the capture log vouches for.
      const sha256 = await sha256OfStored(deps.storage, media.path);
      const { response } = await applyOnce(em, key, async (tx) => {
        const startedAt = await noteRunStarted(tx, run);
        const stored = await tx.findOneOrFail(Media, { id: media.id });
        tx.assign(stored, confirmedFields(stored, sha256, body));
        await tx.flush();
        await schedulePhotoChecks(tx, deps.config.TEMPORAL_TASK_QUEUE, [stored]);
        await noteProgress(tx, run.id);
        await appendCaptureEntries(tx, run.id, [mediaEntry(body, { ...stored, sha256 }, receivedAt, signed)]);
        const mediaCount = await tx.count(Media, { run_task: task.id, status: 'confirmed', rejected_at: null });
        return {
          ok: true,
          media: { id: stored.id, type: stored.type, path: stored.path },
          media_count: mediaCount,
          started_at: startedAt,
        };
      });
      deps.outbox.nudge();
      ctx.body = response;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/complete',
      summary: 'Complete the run (refused with 409 naming the tasks while required tasks or photos are missing)',
      tags,
      body: completeBody,
      ok: { description: 'Run completed', schema: runCompleted },
      errors: linkErrors,
    },
    async (ctx) => {
      const em = ctx.state.em;
      const body = parseInput(completeBody, ctx.request.body);
      const run = await runForToken(em, body.token);
      const key = { runId: run.id, actionId: body.action_id, kind: 'complete' };
      const recorded = run.status === 'completed' ? await findRecorded<unknown>(em, key) : null;
      if (recorded) {
        ctx.body = recorded;
        return;
      }
      // No assertOpen here: a completion whose answer was lost (a deadline, a dropped connection) may have
      // completed the run. The action id is the Update's id, so its retry gets that Update's own answer from
      // the workflow, while any other completion of a completed run is refused by the workflow's validator
      // with the link's own sentence ('This run is already completed.').
      const signed = await verifiedDeviceSignature(em, 'complete', body, ctx.request.body);
      if (run.status === 'revision_requested') await assertRejectedPhotosReplaced(em, run.id);
      // The run_completed entry is written by the run's workflow, which records this signature on it.
      const result = await completeRun(deps.temporal, em, run.id, `complete/${body.action_id}`, signed);
      const response = {
        ok: true,
        run: { id: run.id, status: result.status, ended_at: result.endedAt },
        message: 'Run completed successfully!',
      };
      await applyOnce(em, key, async () => response);
      ctx.body = response;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/issue',
      summary:
        'Report an issue (low, medium, high) with its uploaded photos, which it confirms as its evidence; high e-mails the host at once',
      tags,
      body: issueBody,
      ok: { description: 'The alert', schema: alertRecord },
      errors: {
        ...linkErrors,
        409: `${linkMessages.completed} Or: ${issuePhotoMessages.taken}`,
        429: actionCapMessages.issues,
      },
    },
    async (ctx) => {
      const receivedAt = new Date();
      const { body, em, run, key } = await beginAction(ctx, issueBody, 'issue');
      // A replay answers as the first time, before its photos (confirmed by then) are checked again.
      const recorded = await findRecorded<unknown>(em, key);
      if (recorded) {
        ctx.status = 201;
        ctx.body = recorded;
        return;
      }
      const signed = await verifiedDeviceSignature(em, 'issue', body, ctx.request.body);
      const task = body.runTaskId ? await taskOfRun(em, run, body.runTaskId) : null;
      const photos = await checkIssuePhotos(deps, em, run.id, body.media ?? []);
      const claims = { ...body, captured_at: body.timestamp };
      const applied = await applyOnce(em, key, async (tx) => {
        await assertIssueCap(tx, key);
        const alert = tx.create(Alert, {
          run: run.id,
          run_task: task?.id ?? null,
          kind: 'issue',
          severity: body.severity,
          description: body.description,
        });
        await tx.flush();
        const stored = await attachIssuePhotos(tx, alert.id, photos, claims, deps.config.TEMPORAL_TASK_QUEUE);
        await enqueueIssue(tx, run.id, { alertId: alert.id, severity: body.severity });
        const issue = {
          id: alert.id,
          severity: alert.severity,
          description: alert.description,
          run_task_id: task?.id ?? null,
        };
        await recordRunWebhookEvent(tx, run.id, 'issue.reported', { issue });
        await appendCaptureEntries(
          tx,
          run.id,
          reportEntries(
            issueEntry(body, alert.id, receivedAt, signed),
            stored,
            { ...claims, runTaskId: task?.id ?? null, alertId: alert.id },
            receivedAt,
          ),
        );
        return {
          ok: true,
          alert: {
            id: alert.id,
            severity: alert.severity,
            description: alert.description,
            created_at: alert.created_at,
          },
        };
      }).catch((error: unknown) => photoRaceAnswer(em, key, error));
      if (!applied.replayed) deps.outbox.nudge();
      ctx.status = 201;
      ctx.body = applied.response;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/supply-count',
      summary:
        "Count one of the property's supplies, or say it is low or out (applied once per action_id; an older count never overwrites a newer one)",
      tags,
      body: supplyCountBody,
      ok: { description: "The supply with this run's count", schema: supplyCounted },
      errors: { ...linkErrors, 403: foreignSupplyMessage },
    },
    async (ctx) => {
      const receivedAt = new Date();
      const { body, em, run, key, recorded } = await beginAction(ctx, supplyCountBody, 'supply-count');
      if (recorded) {
        ctx.body = recorded;
        return;
      }
      const signed = await verifiedDeviceSignature(em, 'supply-count', body, ctx.request.body);
      const { response } = await applyOnce(em, key, async (tx) => {
        const counted = await applySupplyCount(tx, run.id, body, actionTime(body.timestamp, receivedAt));
        if (counted.applied)
          await appendCaptureEntries(tx, run.id, [supplyEntry(body, counted.supply, receivedAt, signed)]);
        return { ok: true, applied: counted.applied, supply: counted.supply };
      });
      ctx.body = response;
    },
  );

  return router;
}

/** HEAD /api/test-run/{token}: the magic-link tester's check; 200 when the link opens a run. */
export function testRunRouter() {
  const router = new Router<AppState>();
  addRoute(
    router,
    {
      method: 'head',
      path: '/test-run/:token',
      summary: 'Is this magic link usable? 200, else 404 or 410 like the run page',
      tags: ['Runner (magic link)'],
      params: z.object({ token: z.string() }),
      errors: { 404: linkMessages.invalid, 410: linkMessages.revoked },
    },
    async (ctx) => {
      await runForToken(ctx.state.em, ctx.params.token);
      ctx.status = 200;
    },
  );
  return router;
}
