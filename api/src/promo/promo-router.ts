import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { codedError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { promoMessages } from './promo-codes.ts';
import { applyPromo, ownOrganisation, remainingCredits } from './promo-service.ts';

const orgId = z.string().max(100).optional();
const statusQuery = z.object({ orgId });
const applyBody = z.object({
  orgId,
  code: z.string().trim().toUpperCase().min(1).max(50),
});

const statusAnswer = z.object({ ok: z.literal(true), remaining: z.number() });
const applyAnswer = z.object({
  ok: z.literal(true),
  code: z.string(),
  message: z.string(),
  remaining: z.number(),
  expires_at: z.string(),
});

export function promoRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/promo' });
  const tags = ['Promo codes'];

  addRoute(
    router,
    {
      method: 'get',
      path: '/status',
      summary: "The organisation's unused promo report credits",
      tags,
      query: statusQuery,
      signedIn: true,
      ok: { description: 'Credits left', schema: statusAnswer },
      errors: { 401: 'Authentication required', 404: promoMessages.notYourOrganisation },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const query = parseInput(statusQuery, ctx.query);
      const org = ownOrganisation(user.id, query.orgId);
      ctx.body = { ok: true, remaining: await remainingCredits(ctx.state.em, org) };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/apply',
      summary: 'Apply a promo code (upper-cased and trimmed) once per organisation',
      tags,
      body: applyBody,
      signedIn: true,
      ok: { description: 'Applied, or already applied', schema: applyAnswer },
      errors: {
        400: `${promoMessages.badInput} (BAD_INPUT) or ${promoMessages.invalidCode} (INVALID_CODE)`,
        401: 'Authentication required',
        404: promoMessages.notYourOrganisation,
        409: `${promoMessages.alreadyUsed} (ALREADY_REDEEMED)`,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const body = applyBody.safeParse(ctx.request.body);
      if (!body.success) throw codedError(400, 'BAD_INPUT', promoMessages.badInput);
      const org = ownOrganisation(user.id, body.data.orgId);
      ctx.body = await applyPromo(deps, ctx.state.em, { orgId: org, code: body.data.code, userId: user.id });
    },
  );

  return router;
}
