import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext } from '../http/context.ts';
import { requestPasswordReset } from './auth-service.ts';

export const resetRequestBody = z.object({
  email: z
    .string({ error: 'Please enter your email address first.' })
    .trim()
    .min(1, 'Please enter your email address first.')
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
});

/**
 * A reset link asked for, through the API or /password-reset's plain form: counted against the IP's and
 * the address's budgets, then mailed after the answer, since looking the address up and mailing its link
 * would make a known address's answer slower than an unknown one's (L7). A failure is the log's, as it
 * never was the caller's.
 */
export async function acceptResetRequest(deps: AppDeps, ctx: AppContext, email: string): Promise<void> {
  await deps.rateLimits.consume(['resetPerIp', ctx.ip], ['resetPerEmail', email]);
  const log = ctx.state.log;
  void requestPasswordReset(deps, deps.orm.em.fork(), email).catch((error: unknown) =>
    log.error({ err: error }, 'password reset mail failed'),
  );
}
