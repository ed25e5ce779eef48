import Router from '@koa/router';
import { Alert, ALERT_KINDS, ALERT_SEVERITIES, Media, MEDIA_TYPES, PHOTO_CHECKS } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { type MediaLinks, signedMediaUrl } from '../public/public-run-view.ts';
import { runMessages } from './run-input.ts';
import { findOwnedRun } from './run-service.ts';

const nullableNumber = z.number().nullable();
/** A confirmed photo or video: short-lived signed links to it and to its thumbnail (photos). */
const evidenceMedia = z.object({
  id: z.uuid(),
  type: z.enum(MEDIA_TYPES),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  captured_at: z.string().nullable(),
  received_at: z.string(),
  address: z.string().nullable(),
  /** Set when the host rejected the photo in a review: it no longer counts for its task. */
  rejected_at: z.string().nullable(),
  /** How well the photo lines up with the task's reference photo (SSIM, 1 = the same picture); null without one. */
  alignment_score: nullableNumber,
  /** The server's flags on a photo (empty when all is well, or while it is being checked). */
  checks: z.array(z.enum(PHOTO_CHECKS)),
  /** Flags the host accepted: they still show, marked accepted. */
  accepted_checks: z.array(z.enum(PHOTO_CHECKS)),
  /** For a reused photo: the owner's run and photo it repeats. */
  reused_from: z.object({ run_id: z.uuid(), media_id: z.uuid() }).nullable(),
});
const photoCheckMessages = {
  mediaNotFound: 'No photo with this id on this run.',
  unknownCheck: `check must be one of: ${PHOTO_CHECKS.join(', ')}.`,
  notFlagged: (check: string) => `This photo is not flagged ${check}.`,
};
const acceptCheckBody = z.object({
  check: z.enum(PHOTO_CHECKS, { error: photoCheckMessages.unknownCheck }),
});
const acceptedCheck = z.object({ media_id: z.uuid(), accepted_checks: z.array(z.enum(PHOTO_CHECKS)) });
const evidenceRecord = z.object({
  tasks: z.array(
    z.object({
      id: z.uuid(),
      latitude: nullableNumber,
      longitude: nullableNumber,
      location_accuracy: nullableNumber,
      address: z.string().nullable(),
      /** The host's note when the task was last sent back. */
      revision_note: z.string().nullable(),
      media: z.array(evidenceMedia),
    }),
  ),
  issues: z.array(
    z.object({
      id: z.uuid(),
      run_task_id: z.uuid().nullable(),
      kind: z.enum(ALERT_KINDS),
      severity: z.enum(ALERT_SEVERITIES),
      description: z.string(),
      created_at: z.string(),
      resolved_at: z.string().nullable(),
      /** The photos the cleaner sent with the issue. */
      media: z.array(evidenceMedia),
    }),
  ),
});

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);
const num = (value: number | string | null | undefined) => (value == null ? null : Number(value));

function evidenceOf(item: Media, links: MediaLinks): z.infer<typeof evidenceMedia> {
  return {
    id: item.id,
    type: item.type,
    url: signedMediaUrl(links, item.path),
    thumbnail_url: item.thumbnail_path ? signedMediaUrl(links, item.thumbnail_path) : null,
    captured_at: iso(item.captured_at),
    received_at: item.created_at.toISOString(),
    address: item.address ?? null,
    rejected_at: iso(item.rejected_at),
    alignment_score: num(item.alignment_score),
    checks: item.checks ?? [],
    accepted_checks: item.accepted_checks,
    reused_from: item.check_details?.reused_from ?? null,
  };
}

/**
 * What the cleaner left on a run, for the host's run page: each task's confirmed photos and videos
 * (short-lived signed links, thumbnails for photos), where the task was checked, and the run's issues
 * (with their photos) and alerts.
 */
export function runEvidenceRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/runs/:id/evidence' });
  const links = { origin: deps.config.publicOrigin, secretKey: deps.config.SECRET_KEY };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "A run's photos and videos per task, check places, issues (with their photos) and alerts",
      tags: ['Runs'],
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'Media per task, and issues', schema: evidenceRecord },
      errors: { 401: 'Authentication required', 404: runMessages.notFound },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      const media = await ctx.state.em.find(
        Media,
        { run: run.id, status: 'confirmed' },
        { orderBy: { created_at: 'asc', id: 'asc' } },
      );
      const alerts = await ctx.state.em.find(Alert, { run: run.id }, { orderBy: { created_at: 'asc', id: 'asc' } });
      const toEvidence = (item: Media) => evidenceOf(item, links);
      ctx.body = {
        tasks: run.tasks.getItems().map((task) => ({
          id: task.id,
          latitude: num(task.latitude),
          longitude: num(task.longitude),
          location_accuracy: num(task.location_accuracy),
          address: task.address ?? null,
          revision_note: task.revision_note ?? null,
          media: media.filter((item) => item.run_task?.id === task.id).map(toEvidence),
        })),
        issues: alerts.map((alert) => ({
          id: alert.id,
          run_task_id: alert.run_task?.id ?? null,
          kind: alert.kind,
          severity: alert.severity,
          description: alert.description,
          created_at: alert.created_at.toISOString(),
          resolved_at: iso(alert.resolved_at),
          media: media.filter((item) => item.alert?.id === alert.id).map(toEvidence),
        })),
      } satisfies z.infer<typeof evidenceRecord>;
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/:mediaId/accept-check',
      summary: "Accept one of the server's flags on a photo (it stays shown, marked accepted)",
      tags: ['Runs'],
      params: z.object({ id: z.string(), mediaId: z.string() }),
      body: acceptCheckBody,
      signedIn: true,
      ok: { description: "The photo's accepted flags", schema: acceptedCheck },
      errors: {
        400: photoCheckMessages.unknownCheck,
        401: 'Authentication required',
        404: `${runMessages.notFound} Or: ${photoCheckMessages.mediaNotFound}`,
        409: photoCheckMessages.notFlagged('blurry'),
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const em = ctx.state.em;
      const run = await findOwnedRun(em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
      const mediaId = parseId(ctx.params.mediaId ?? '', photoCheckMessages.mediaNotFound);
      const { check } = parseInput(acceptCheckBody, ctx.request.body);
      const media = await em.findOne(Media, { id: mediaId, run: run.id, status: 'confirmed' });
      if (!media) throw notFound(photoCheckMessages.mediaNotFound);
      if (!media.checks?.includes(check)) throw conflict(photoCheckMessages.notFlagged(check));
      if (!media.accepted_checks.includes(check)) {
        media.accepted_checks = PHOTO_CHECKS.filter(
          (known) => known === check || media.accepted_checks.includes(known),
        );
        await em.flush();
      }
      ctx.body = { media_id: media.id, accepted_checks: media.accepted_checks } satisfies z.infer<typeof acceptedCheck>;
    },
  );

  return router;
}
