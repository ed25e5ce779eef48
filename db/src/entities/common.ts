import { randomUUID } from 'node:crypto';
import { p } from '@mikro-orm/core';

/** Primary key and timestamps shared by most tables. */
export const uuidPrimaryKey = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());
export const createdAt = () => p.datetime().onCreate(() => new Date());
export const updatedAt = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

export const RUN_KINDS = ['turnover', 'move_in', 'move_out'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export const CHECKLIST_TYPES = [
  'turnover',
  'move_in',
  'move_out',
  'arrival',
  'departure',
  'cleaning',
  'safety',
] as const;
export type ChecklistType = (typeof CHECKLIST_TYPES)[number];

export const RUN_STATUSES = ['pending', 'in_progress', 'completed', 'revision_requested', 'canceled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const REVIEW_DECISIONS = ['approved', 'revision_requested'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

// The plan catalogue lives in config; the tables only need its keys.
export { PLAN_KEYS, type PlanKey } from '@turnproof/config';

export const ONBOARDING_STEPS = ['add-property', 'create-checklist', 'invite-team', 'view-analytics'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
