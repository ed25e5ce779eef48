import Router from '@koa/router';
import { PLANS } from '@turnproof/config';
import { ONBOARDING_STEPS } from '@turnproof/db';
import { z } from 'zod';
import { accessOf } from '../account/access.ts';
import { requireUser } from '../auth/sessions.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { accessChanged, onboardingView } from '../openapi/records.ts';
import {
  chooseFlexWithoutBilling,
  completeStep,
  finishOnboarding,
  onboardingMessages,
  onboardingStateOf,
} from './onboarding-service.ts';

const stepParams = z.object({
  step: z.enum(ONBOARDING_STEPS, { error: `step must be one of: ${ONBOARDING_STEPS.join(', ')}.` }),
});
const planBody = z.object({
  plan_key: z.literal('flex', { error: 'Only Flex can be chosen without checkout: plan_key must be flex.' }),
});

export function onboardingRouter(deps: AppDeps) {
  const router = new Router<AppState>({ prefix: '/onboarding' });
  const tags = ['Onboarding'];

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: "The setup checklist (Let's Set Up Your Account), whether onboarding is needed, and the plans",
      tags,
      signedIn: true,
      ok: { description: 'Onboarding state', schema: onboardingView },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const access = await accessOf(ctx.state.em, user.id);
      ctx.body = { ...(await onboardingStateOf(ctx.state.em, user.id, access)), plans: Object.values(PLANS) };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/steps/:step',
      summary: 'Mark an onboarding step complete (steps above the plan are refused)',
      tags,
      params: stepParams,
      signedIn: true,
      ok: { description: 'The onboarding state', schema: onboardingView },
      errors: { 401: 'Authentication required', 402: onboardingMessages.upgradeRequired },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { step } = parseInput(stepParams, ctx.params);
      await completeStep(ctx.state.em, user.id, step);
      ctx.body = await onboardingStateOf(ctx.state.em, user.id, await accessOf(ctx.state.em, user.id));
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/plan',
      summary: 'Where billing is not configured: put the owner on Flex and finish onboarding (else 409: use checkout)',
      tags,
      body: planBody,
      signedIn: true,
      ok: { description: 'The new access', schema: accessChanged },
      errors: { 401: 'Authentication required', 409: onboardingMessages.useCheckout },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      parseInput(planBody, ctx.request.body);
      await chooseFlexWithoutBilling(ctx.state.em, user.id, deps.stripe !== null);
      ctx.body = {
        ok: true,
        message: `${PLANS.flex.name} plan selected`,
        access: await accessOf(ctx.state.em, user.id),
      };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/complete',
      summary: 'Finish onboarding with the plan or trial the owner has (e.g. go on with the free trial)',
      tags,
      signedIn: true,
      ok: { description: 'The new access', schema: accessChanged },
      errors: { 401: 'Authentication required', 409: onboardingMessages.choosePlanFirst },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      await finishOnboarding(ctx.state.em, user.id);
      ctx.body = { ok: true, access: await accessOf(ctx.state.em, user.id) };
    },
  );

  return router;
}
