export * from './common.ts';
export * from './accounts.ts';
export * from './profiles.ts';
export * from './properties.ts';
export * from './templates.ts';
export * from './runs.ts';
export * from './billing.ts';
export * from './outbox.ts';
export * from './operations.ts';
export * from './messaging.ts';
export * from './api-keys.ts';
export * from './push.ts';
export * from './webhooks.ts';

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
import { WorkerCheck } from './operations.ts';
import { ContactMessage, OnboardingProgress, Profile, UserActivity, UserPreferences } from './profiles.ts';
import { CalendarFeed, Checklist, Property, Task, TeamMember } from './properties.ts';
import { Alert, CaptureEntry, CaptureHead, Media, ProcessedAction, Report, Run, RunEvent, RunTask } from './runs.ts';
import { InspectionTemplate, LibraryChecklist } from './templates.ts';
import { WorkflowOutbox } from './outbox.ts';
import { TextMessage } from './messaging.ts';
import { ApiIdempotency, ApiKey } from './api-keys.ts';
import { PushSubscription } from './push.ts';
import { WebhookDelivery, WebhookEndpoint, WebhookEvent } from './webhooks.ts';

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
  CalendarFeed,
  InspectionTemplate,
  LibraryChecklist,
  Run,
  RunTask,
  Media,
  Report,
  Alert,
  ProcessedAction,
  RunEvent,
  CaptureEntry,
  CaptureHead,
  BillingAccount,
  BillingSubscription,
  StripeEvent,
  PromoRedemption,
  ReportCredit,
  SentNotice,
  WorkflowOutbox,
  TextMessage,
  PushSubscription,
  WorkerCheck,
  ApiKey,
  ApiIdempotency,
  WebhookEndpoint,
  WebhookEvent,
  WebhookDelivery,
];
