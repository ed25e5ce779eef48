import Router from '@koa/router';
import { ONBOARDING_STEPS, PLAN_KEYS } from '@turnproof/db';
import { z } from 'zod';
import { accessOf } from '../account/access.ts';
import { PLANS } from '../account/plans.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { documentRoute } from '../openapi/registry.ts';
import { choosePlan, completeStep, onboardingMessages, onboardingStateOf } from './onboarding-service.ts';

const stepParams = z.object({
  step: z.enum(ONBOARDING_STEPS, { error: `step must be one of: ${ONBOARDING_STEPS.join(', ')}.` }),
});
const planBody = z.object({
  plan_key: z.enum(PLAN_KEYS, { error: `plan_key must be one of: ${PLAN_KEYS.join(', ')}.` }),
});

export function onboardingRouter() {
  const router = new Router<AppState>({ prefix: '/onboarding' });
  const tags = ['Onboarding'];

  documentRoute({
    method: 'get',
    path: '/api/onboarding',
    summary: "The setup checklist (Let's Set Up Your Account), whether onboarding is needed, and the plans",
    tags,
    signedIn: true,
    ok: { description: 'Onboarding state' },
    errors: { 401: 'Authentication required' },
  });
  router.get('/', async (ctx) => {
    const user = requireUser(ctx);
    const access = await accessOf(ctx.state.em, user.id);
    ctx.body = { ...(await onboardingStateOf(ctx.state.em, user.id, access)), plans: Object.values(PLANS) };
  });

  documentRoute({
    method: 'post',
    path: '/api/onboarding/steps/:step',
    summary: 'Mark an onboarding step complete (steps above the plan are refused)',
    tags,
    params: stepParams,
    signedIn: true,
    ok: { description: 'The onboarding state' },
    errors: { 401: 'Authentication required', 403: onboardingMessages.upgradeRequired },
  });
  router.post('/steps/:step', async (ctx) => {
    const user = requireUser(ctx);
    const { step } = parseInput(stepParams, ctx.params);
    await completeStep(ctx.state.em, user.id, step);
    ctx.body = await onboardingStateOf(ctx.state.em, user.id, await accessOf(ctx.state.em, user.id));
  });

  documentRoute({
    method: 'post',
    path: '/api/onboarding/plan',
    summary: 'Record the plan picked in onboarding and finish onboarding',
    tags,
    body: planBody,
    signedIn: true,
    ok: { description: 'The new access' },
    errors: { 401: 'Authentication required', 409: onboardingMessages.planAlreadyPaid },
  });
  router.post('/plan', async (ctx) => {
    const user = requireUser(ctx);
    const { plan_key } = parseInput(planBody, ctx.request.body);
    await choosePlan(ctx.state.em, user.id, plan_key);
    ctx.body = {
      ok: true,
      message: `${PLANS[plan_key].name} plan selected`,
      access: await accessOf(ctx.state.em, user.id),
    };
  });

  return router;
}
