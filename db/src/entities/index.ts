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
export * from './pay.ts';
export * from './supplies.ts';
export * from './work-orders.ts';

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
import {
  Alert,
  CaptureEntry,
  CaptureHead,
  DeviceKey,
  Media,
  ProcessedAction,
  Report,
  Run,
  RunEvent,
  RunPause,
  RunTask,
} from './runs.ts';
import { InspectionTemplate, LibraryChecklist } from './templates.ts';
import { WorkflowOutbox } from './outbox.ts';
import { TextMessage } from './messaging.ts';
import { ApiIdempotency, ApiKey } from './api-keys.ts';
import { PushSubscription } from './push.ts';
import { WebhookDelivery, WebhookEndpoint, WebhookEvent } from './webhooks.ts';
import { PayRate, PayStatement, PayStatementLine } from './pay.ts';
import { Supply, SupplyCount } from './supplies.ts';
import { WorkOrder, WorkOrderAction, WorkOrderPhoto } from './work-orders.ts';

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
  RunPause,
  Media,
  Report,
  Alert,
  ProcessedAction,
  RunEvent,
  CaptureEntry,
  CaptureHead,
  DeviceKey,
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
  PayRate,
  PayStatement,
  PayStatementLine,
  Supply,
  SupplyCount,
  WorkOrder,
  WorkOrderPhoto,
  WorkOrderAction,
];
