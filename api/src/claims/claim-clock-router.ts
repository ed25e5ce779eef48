import Router from '@koa/router';
import { CLAIM_OUTCOMES } from '@turnproof/db';
import { type ClaimClock, readClaimClock } from '@turnproof/platform/claim-clock';
import { claimDaysLeft } from '@turnproof/platform/claim-deadline';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { conflict } from '../http/errors.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { runMessages } from '../runs/run-input.ts';
import { findOwnedRun } from '../runs/run-service.ts';

const claimClockRecord = z.object({
  deadline_at: z.string().describe('The last moment to file the damage claim with the booking platform'),
  rule: z
    .string()
    .describe('The rule that sets it, e.g. "Airbnb: 14 days after checkout or before the next check-in, …"'),
  platform: z.string(),
  basis: z.enum(['window', 'next_check_in']).describe('Whether the window after checkout or the next check-in ends it'),
  checkout_at: z.string(),
  next_check_in_at: z.string().nullable(),
  time_zone: z.string().describe("The property's IANA time zone, in which the deadline is shown"),
  days_left: z.number().int().describe("Calendar days left in the property's zone; negative once passed"),
  issue_count: z.number().int(),
  closed_at: z.string().nullable(),
  outcome: z.enum(CLAIM_OUTCOMES).nullable(),
});
const closeBody = z.object({ outcome: z.enum(CLAIM_OUTCOMES) });
const params = z.object({ id: z.string() });
const errors = { 401: 'Authentication required', 404: runMessages.notFound, 409: 'The run is not completed' };

const toRecord = (clock: ClaimClock, now: Date): z.infer<typeof claimClockRecord> => ({
  deadline_at: clock.deadlineAt.toISOString(),
  rule: clock.rule.name,
  platform: clock.rule.platform,
  basis: clock.basis,
  checkout_at: clock.checkoutAt.toISOString(),
  next_check_in_at: clock.nextCheckInAt?.toISOString() ?? null,
  time_zone: clock.timeZone,
  days_left: claimDaysLeft(clock.deadlineAt, now, clock.timeZone),
  issue_count: clock.issueCount,
  closed_at: clock.closed?.at.toISOString() ?? null,
  outcome: clock.closed?.outcome ?? null,
});

/** A completed run's damage-claim deadline (the claim clock), and the host closing the claim. */
export function claimClockRouter() {
  const router = new Router<AppState>({ prefix: '/runs/:id/claim-clock' });

  async function ownedClock(ctx: AppContext & { params: Record<string, string | undefined> }) {
    const user = requireUser(ctx);
    const run = await findOwnedRun(ctx.state.em, user.id, parseId(ctx.params.id ?? '', runMessages.notFound));
    const clock = await readClaimClock(ctx.state.em, run.id);
    if (!clock) throw conflict('A claim deadline starts once the run is completed.');
    return { run, clock };
  }

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "The deadline for filing the run's damage claim with the booking platform, and the rule that sets it",
      tags: ['Runs'],
      params,
      signedIn: true,
      ok: { description: 'The claim clock', schema: claimClockRecord },
      errors,
    },
    async (ctx) => {
      ctx.body = toRecord((await ownedClock(ctx)).clock, new Date());
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/close',
      summary: 'Close the damage claim (filed with the platform, or no claim to make): its deadline reminders stop',
      tags: ['Runs'],
      params,
      body: closeBody,
      signedIn: true,
      ok: { description: 'The closed claim clock', schema: claimClockRecord },
      errors,
    },
    async (ctx) => {
      // The owner check first: another owner's run answers 404 whatever the body.
      const { run, clock } = await ownedClock(ctx);
      const { outcome } = parseInput(closeBody, ctx.request.body ?? {});
      run.claim_closed_at = new Date();
      run.claim_outcome = outcome;
      await ctx.state.em.flush();
      ctx.body = toRecord({ ...clock, closed: { at: run.claim_closed_at, outcome } }, new Date());
    },
  );

  return router;
}
