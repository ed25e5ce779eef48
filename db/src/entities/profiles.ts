import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, ONBOARDING_STEPS, updatedAt, uuidPrimaryKey } from './common.ts';

export const Profile = defineEntity({
  name: 'Profile',
  tableName: 'profiles',
  properties: {
    user: () => p.oneToOne(User).primary().deleteRule('cascade').fieldName('user_id'),
    display_name: p.string().nullable(),
    company_name: p.string().nullable(),
    /** 'admin' grants admin rights (ADMIN_EMAILS or the CLI grants it). */
    role: p.string().default('Property Manager'),
    /** Set by `npm run admin -- grant`, cleared by `revoke`: the admin role that ADMIN_EMAILS does not give. */
    admin_granted_at: p.datetime().nullable(),
    phone: p.string().nullable(),
    bio: p.text().nullable(),
    location: p.string().nullable(),
    website: p.string().nullable(),
    avatar_url: p.text().nullable(),
    business_address: p.text().nullable(),
    skills: p.json<string[]>().onCreate(() => []),
    specialties: p.json<string[]>().onCreate(() => []),
    social_links: p.json<Record<string, string>>().onCreate(() => ({})),
    certifications: p.json<string[]>().onCreate(() => []),
    portfolio_items: p.json<unknown[]>().onCreate(() => []),
    public_profile: p.boolean().default(false),
    professional_summary: p.text().nullable(),
    years_experience: p.integer().nullable(),
    hourly_rate: p.decimal('number').nullable(),
    onboarding_completed: p.boolean().default(false),
    onboarding_completed_at: p.datetime().nullable(),
    /** The console's and the host's mails' language (LANGUAGES of @turnproof/config/languages); null: not chosen yet. */
    language: p.string().nullable(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export const UserPreferences = defineEntity({
  name: 'UserPreferences',
  tableName: 'user_preferences',
  properties: {
    user: () => p.oneToOne(User).primary().deleteRule('cascade').fieldName('user_id'),
    email_notifications: p.boolean().default(true),
    push_notifications: p.boolean().default(false),
    desktop_notifications: p.boolean().default(true),
    alert_notifications: p.boolean().default(true),
    analytics_collection: p.boolean().default(true),
    location_services: p.boolean().default(false),
    data_sharing: p.boolean().default(false),
    theme: p.string().default('system'),
    timezone: p.string().default('auto'),
    /**
     * The escalation ladder of new runs, in minutes (null: the deployment's defaults). They become the
     * run workflow's inputs when the run is created, so a change never moves runs already dispatched.
     */
    ladder_minutes_per_task: p.integer().nullable(),
    ladder_reminder_margin_minutes: p.integer().nullable(),
    ladder_hand_over_margin_minutes: p.integer().nullable(),
    ladder_host_alert_margin_minutes: p.integer().nullable(),
    updated_at: updatedAt(),
  },
});

export const OnboardingProgress = defineEntity({
  name: 'OnboardingProgress',
  tableName: 'user_onboarding_progress',
  uniques: [{ properties: ['user', 'step_id'] }],
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    step_id: p.enum(ONBOARDING_STEPS),
    completed: p.boolean().default(false),
    completed_at: p.datetime().nullable(),
    updated_at: updatedAt(),
  },
});

export const UserActivity = defineEntity({
  name: 'UserActivity',
  tableName: 'user_activity',
  // The Activity tab reads a user's newest 10.
  indexes: [{ properties: ['user', 'created_at'] }],
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    activity_type: p.string(),
    details: p.json<Record<string, unknown>>().onCreate(() => ({})),
    created_at: createdAt(),
  },
});

export const ContactMessage = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_messages',
  properties: {
    id: uuidPrimaryKey(),
    name: p.string(),
    email: p.string(),
    subject: p.string(),
    message: p.text(),
    created_at: createdAt(),
  },
});

export type Profile = InferEntity<typeof Profile>;
export type UserPreferences = InferEntity<typeof UserPreferences>;
export type OnboardingProgress = InferEntity<typeof OnboardingProgress>;
export type UserActivity = InferEntity<typeof UserActivity>;
export type ContactMessage = InferEntity<typeof ContactMessage>;
