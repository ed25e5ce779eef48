export * from './common.ts';
export * from './accounts.ts';
export * from './profiles.ts';
export * from './properties.ts';
export * from './templates.ts';
export * from './runs.ts';
export * from './billing.ts';

import { AuthToken, Session, User } from './accounts.ts';
import { BillingAccount, BillingSubscription, PromoRedemption, ReportCredit } from './billing.ts';
import { ContactMessage, OnboardingProgress, Profile, UserActivity, UserPreferences } from './profiles.ts';
import { Checklist, Property, Task, TeamMember } from './properties.ts';
import { Alert, Media, ProcessedAction, Report, Run, RunTask } from './runs.ts';
import { InspectionTemplate, LibraryChecklist } from './templates.ts';

export const allEntities = [
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
  PromoRedemption,
  ReportCredit,
];
