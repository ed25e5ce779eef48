import type { EntityManager } from '@mikro-orm/postgresql';
import Router from '@koa/router';
import { Alert, appendCaptureEntries, readRunHours } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { guestPresentEntry, pauseEntry, reportEntries } from '../capture/cleaner-entries.ts';
import type { AppState } from '../http/context.ts';
import { addRoute } from '../openapi/registry.ts';
import { enqueueGuestPresent } from '../outbox/outbox-writes.ts';
import { applyOnce, findRecorded } from './apply-once.ts';
import { attachIssuePhotos, checkIssuePhotos, issuePhotoMessages, photoRaceAnswer } from './issue-photos.ts';
import { verifiedDeviceSignature } from './device-keys.ts';
import { beginAction } from './open-action.ts';
import { actionTime, guestPresentBody, pauseBody } from './public-input.ts';
import { linkMessages } from './run-access.ts';

const timestamp = z.string().describe('ISO 8601 date-time');

const pauseAnswer = z.looseObject({
  ok: z.literal(true),
  /** False when the run was already paused (pause) or not paused (resume): nothing changed. */
  applied: z.boolean(),
  paused: z.boolean(),
  paused_at: timestamp.nullable(),
  resumed_at: timestamp.nullable(),
});

const guestPresentAnswer = z.looseObject({
  ok: z.literal(true),
  alert: z.looseObject({ id: z.uuid(), kind: z.literal('guest_present'), note: z.string(), created_at: timestamp }),
  slack_minutes: z.number().int().nullable(),
});

type PauseAnswer = z.infer<typeof pauseAnswer>;
type Span = { paused_at: Date; resumed_at: Date | null };

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Opens a pause unless one is open (the unique open pause per run decides a race). */
async function pause(tx: EntityManager, runId: string, at: Date): Promise<Span | null> {
  const [opened] = await tx.getConnection().execute<Span[]>(
    `insert into run_pauses (id, run_id, paused_at, created_at) select gen_random_uuid(), ?, ?, now()
     where not exists (select 1 from run_pauses where run_id = ? and resumed_at is null)
     on conflict do nothing returning paused_at, resumed_at`,
    [runId, at, runId],
    'all',
    tx.getTransactionContext(),
  );
  return opened ?? null;
}

/** Closes the open pause, never before it began (a phone's clock may be behind the one that paused). */
async function resume(tx: EntityManager, runId: string, at: Date): Promise<Span | null> {
  const [closed] = await tx.getConnection().execute<Span[]>(
    `update run_pauses set resumed_at = greatest(paused_at, ?) where run_id = ? and resumed_at is null
     returning paused_at, resumed_at`,
    [at, runId],
    'all',
    tx.getTransactionContext(),
  );
  return closed ?? null;
}

/** The run's newest pause, for an answer that changed nothing. */
async function latestPause(tx: EntityManager, runId: string): Promise<Span | null> {
  const [row] = await tx
    .getConnection()
    .execute<Span[]>(
      `select paused_at, resumed_at from run_pauses where run_id = ? order by paused_at desc limit 1`,
      [runId],
      'all',
      tx.getTransactionContext(),
    );
  return row ?? null;
}

/**
 * The cleaner's hours on the magic link: Pause and Resume (the task timer stops while paused; the run's
 * work time leaves the pauses out) and "Guest still here" (a late checkout's evidence, told to the host at
 * once). Each is applied once per action id and recorded in the capture log.
 */
export function publicHoursRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/public' });
  const tags = ['Runner (magic link)'];
  const linkErrors = { 404: linkMessages.invalid, 409: linkMessages.completed, 410: linkMessages.revoked };

  for (const kind of ['pause', 'resume'] as const) {
    addRoute(
      router,
      {
        method: 'post',
        path: `/${kind}`,
        summary:
          kind === 'pause'
            ? 'Pause the run: its work time stops until Resume (applied once per action_id; a second pause changes nothing)'
            : 'Resume a paused run (applied once per action_id; resuming a run that is not paused changes nothing)',
        tags,
        body: pauseBody,
        ok: { description: 'Whether it changed anything, and the pause', schema: pauseAnswer },
        errors: linkErrors,
      },
      async (ctx) => {
        const receivedAt = new Date();
        const { body, em, run, key, recorded } = await beginAction(ctx, pauseBody, kind);
        if (recorded) {
          ctx.body = recorded;
          return;
        }
        const signed = await verifiedDeviceSignature(em, kind, body, ctx.request.body);
        const at = actionTime(body.timestamp, receivedAt);
        const { response } = await applyOnce(em, key, async (tx): Promise<PauseAnswer> => {
          const changed = kind === 'pause' ? await pause(tx, run.id, at) : await resume(tx, run.id, at);
          if (changed) {
            const entryKind = kind === 'pause' ? 'run_paused' : 'run_resumed';
            await appendCaptureEntries(tx, run.id, [pauseEntry(entryKind, body, at, receivedAt, signed)]);
          }
          const span = changed ?? (await latestPause(tx, run.id));
          return {
            ok: true,
            applied: changed !== null,
            paused: !!span && span.resumed_at === null,
            paused_at: iso(span?.paused_at ?? null),
            resumed_at: iso(span?.resumed_at ?? null),
          };
        });
        ctx.body = response;
      },
    );
  }

  addRoute(
    router,
    {
      method: 'post',
      path: '/guest-present',
      summary:
        '"Guest still here": records when and where (with an optional uploaded photo) and tells the host at once by e-mail and notification',
      tags,
      body: guestPresentBody,
      ok: {
        status: 201,
        description: 'The report and the slack left before the next check-in',
        schema: guestPresentAnswer,
      },
      errors: { ...linkErrors, 409: `${linkMessages.completed} Or: ${issuePhotoMessages.taken}` },
    },
    async (ctx) => {
      const receivedAt = new Date();
      const { body, em, run, key } = await beginAction(ctx, guestPresentBody, 'guest-present');
      const recorded = await findRecorded<unknown>(em, key);
      if (recorded) {
        ctx.status = 201;
        ctx.body = recorded;
        return;
      }
      const signed = await verifiedDeviceSignature(em, 'guest-present', body, ctx.request.body);
      const photos = await checkIssuePhotos(deps, em, run.id, body.media ?? []);
      const claims = { ...body, captured_at: body.timestamp };
      const at = actionTime(body.timestamp, receivedAt);
      const applied = await applyOnce(em, key, async (tx) => {
        // Dated when the cleaner saw the guest: an offline report arrives later.
        const alert = tx.create(Alert, {
          run: run.id,
          kind: 'guest_present',
          severity: 'high',
          description: body.note ?? '',
          created_at: at,
        });
        await tx.flush();
        const stored = await attachIssuePhotos(tx, alert.id, photos, claims, deps.config.TEMPORAL_TASK_QUEUE);
        await enqueueGuestPresent(tx, run.id, { alertId: alert.id, taskQueue: deps.config.TEMPORAL_TASK_QUEUE });
        await appendCaptureEntries(
          tx,
          run.id,
          reportEntries(
            guestPresentEntry(body, alert.id, receivedAt, signed),
            stored,
            { ...claims, runTaskId: null, alertId: alert.id },
            receivedAt,
          ),
        );
        const { slack_minutes } = await readRunHours(tx, run.id);
        return {
          ok: true as const,
          alert: { id: alert.id, kind: 'guest_present' as const, note: alert.description, created_at: iso(at)! },
          slack_minutes,
        };
      }).catch((error: unknown) => photoRaceAnswer(em, key, error));
      if (!applied.replayed) deps.outbox.nudge();
      ctx.status = 201;
      ctx.body = applied.response;
    },
  );

  return router;
}
