export * from './common.ts';
export * from './accounts.ts';
export * from './profiles.ts';
export * from './properties.ts';
export * from './templates.ts';
export * from './runs.ts';
export * from './billing.ts';

import type { EntitySchema } from '@mikro-orm/core';
import { AuthToken, Session, User } from './accounts.ts';
import {
  BillingAccount,
  BillingSubscription,
  PromoRedemption,
  ReportCredit,
  SentNotice,
  StripeEvent,
} from './billing.ts';
import { ContactMessage, OnboardingProgress, Profile, UserActivity, UserPreferences } from './profiles.ts';
import { Checklist, Property, Task, TeamMember } from './properties.ts';
import { Alert, Media, ProcessedAction, Report, Run, RunTask } from './runs.ts';
import { InspectionTemplate, LibraryChecklist } from './templates.ts';

/** Typed loosely on purpose: the exact inferred union is too large for declaration emit. */
export const allEntities: EntitySchema[] = [
  User,
  Session,
  AuthToken,
  Profile,
  UserPreferences,
  OnboardingProgress,
  UserActivity,
  ContactMessage,
  Property,
  Checklist,
  Task,
  TeamMember,
  InspectionTemplate,
  LibraryChecklist,
  Run,
  RunTask,
  Media,
  Report,
  Alert,
  ProcessedAction,
  BillingAccount,
  BillingSubscription,
  StripeEvent,
  PromoRedemption,
  ReportCredit,
  SentNotice,
];
