import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { AppContext } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { findRecorded } from './apply-once.ts';
import { assertOpen, runForToken } from './run-access.ts';

/**
 * Every runner write starts the same way: parse the body, find the token's run, and refuse a
 * completed run, unless this very action was applied before (its replay answers as the first time).
 */
export async function beginAction<T extends { token: string; action_id: string }>(
  ctx: AppContext,
  schema: z.ZodType<T>,
  kind: string,
) {
  return openAction(ctx.state.em, parseInput(schema, ctx.request.body), kind);
}

export async function openAction<T extends { token: string; action_id: string }>(
  em: EntityManager,
  body: T,
  kind: string,
) {
  const run = await runForToken(em, body.token);
  const key = { runId: run.id, actionId: body.action_id, kind };
  // Only a completed run needs the look-up: a replay answers as before, anything new is refused.
  const recorded = run.status === 'completed' ? await findRecorded<unknown>(em, key) : null;
  if (!recorded) assertOpen(run);
  return { body, em, run, key, recorded };
}
