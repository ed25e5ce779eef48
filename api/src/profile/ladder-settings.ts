import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  productionDurations,
  productionLadderDurations,
  withOwnerLadder,
  type LadderSettings,
  type RunDurations,
} from '@turnproof/config';
import { UserPreferences } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { badRequest } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';

const WEEK_MINUTES = 7 * 24 * 60;

const minutes = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of minutes.` })
    .int(`${label} must be a whole number of minutes.`)
    .min(min, `${label} must be at least ${min} minutes.`)
    .max(max, `${label} must be at most ${max} minutes.`)
    .nullable()
    .optional();

/** Minutes; null goes back to the default, an absent field keeps the saved value. */
export const ladderSettingsBody = z.object({
  minutes_per_task: minutes('Minutes per task', 1, 240),
  reminder_margin_minutes: minutes('The reminder margin', 0, WEEK_MINUTES),
  hand_over_margin_minutes: minutes('The hand-over margin', 0, WEEK_MINUTES),
  host_alert_margin_minutes: minutes('The host alert margin', 0, WEEK_MINUTES),
});

export const ladderMessages = {
  order:
    'The steps must come in order: the reminder margin larger than the hand-over margin, and the hand-over margin larger than the host alert margin.',
};

const ladderView = z.object({
  minutes_per_task: z.number(),
  reminder_margin_minutes: z.number(),
  hand_over_margin_minutes: z.number(),
  host_alert_margin_minutes: z.number(),
  defaults: z.object({
    minutes_per_task: z.number(),
    reminder_margin_minutes: z.number(),
    hand_over_margin_minutes: z.number(),
    host_alert_margin_minutes: z.number(),
  }),
});

const COLUMNS = {
  minutes_per_task: 'ladder_minutes_per_task',
  reminder_margin_minutes: 'ladder_reminder_margin_minutes',
  hand_over_margin_minutes: 'ladder_hand_over_margin_minutes',
  host_alert_margin_minutes: 'ladder_host_alert_margin_minutes',
} as const satisfies Record<keyof z.infer<typeof ladderSettingsBody>, keyof LadderSettings>;

/** The ladder of new runs, in minutes, as the owner's settings make it over the deployment's durations. */
function inMinutes(durations: RunDurations, settings: LadderSettings | null) {
  const ladder = withOwnerLadder(durations, settings).ladder ?? productionLadderDurations;
  const min = (ms: number) => Math.round((ms / 60_000) * 100) / 100;
  return {
    minutes_per_task: min(ladder.perTaskMs),
    reminder_margin_minutes: min(ladder.reminderMarginMs),
    hand_over_margin_minutes: min(ladder.handOverMarginMs),
    host_alert_margin_minutes: min(ladder.hostAlertMarginMs ?? 0),
  };
}

async function ownPreferences(em: EntityManager, userId: string) {
  return (await em.findOne(UserPreferences, { user: userId })) ?? em.create(UserPreferences, { user: userId });
}

/**
 * The owner's escalation ladder (Settings > Dispatch): how long a task takes, and how long before the
 * latest start the reminder, the hand-over to the backup and the host's alert come. New runs get them as
 * workflow inputs when they are created (by the host or from a booking calendar).
 */
export function ladderSettingsRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/settings/ladder' });
  const base = deps.runDurations ?? productionDurations;
  const view = (preferences: UserPreferences) => ({
    ...inMinutes(base, preferences),
    defaults: inMinutes(base, null),
  });
  const tags = ['Profile'];
  const errors = { 401: 'Authentication required' };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'The escalation ladder of new runs, in minutes, with the defaults',
      tags,
      signedIn: true,
      ok: { description: 'Ladder settings', schema: ladderView },
      errors,
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const preferences = await ownPreferences(ctx.state.em, user.id);
      await ctx.state.em.flush();
      ctx.body = view(preferences);
    },
  );

  addRoute(
    router,
    {
      method: 'put',
      path: '/',
      summary: 'Set the escalation ladder of new runs (minutes; null for the default)',
      tags,
      body: ladderSettingsBody,
      signedIn: true,
      ok: { description: 'Ladder settings', schema: ladderView },
      errors: { ...errors, 400: ladderMessages.order },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const input = parseInput(ladderSettingsBody, ctx.request.body);
      const preferences = await ownPreferences(ctx.state.em, user.id);
      const next: LadderSettings = Object.fromEntries(
        Object.values(COLUMNS).map((column) => [column, preferences[column] ?? null]),
      );
      for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, keyof LadderSettings][]) {
        if (input[field] !== undefined) next[column] = input[field];
      }
      const ladder = inMinutes(base, next);
      if (
        !(ladder.reminder_margin_minutes > ladder.hand_over_margin_minutes) ||
        !(ladder.hand_over_margin_minutes > ladder.host_alert_margin_minutes)
      ) {
        throw badRequest(ladderMessages.order);
      }
      ctx.state.em.assign(preferences, next);
      await ctx.state.em.flush();
      ctx.body = view(preferences);
    },
  );

  return router;
}
