import { visitorChoice } from '../auth/visitor-choice.ts';
import type { PlanKey } from '../types.ts';

const PLAN_KEYS: readonly string[] = ['flex', 'starter', 'pro', 'team'] satisfies PlanKey[];

/**
 * The plan a visitor picked on the public pricing cards (/auth?mode=sign-up&plan={key}, site/src/links.ts),
 * marked as their choice on onboarding's plan step.
 */
export const chosenPlan = visitorChoice('turnproof_chosen_plan', (key): key is PlanKey => PLAN_KEYS.includes(key));
