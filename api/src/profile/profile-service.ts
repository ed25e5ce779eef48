import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type ActivityType,
  Profile,
  Property,
  Run,
  TeamMember,
  User,
  UserActivity,
  UserPreferences,
} from '@turnproof/db';
import type { UpdatePreferencesInput, UpdateProfileInput } from './profile-input.ts';

/** The fields whose being filled in makes a profile complete. */
const COMPLETENESS_FIELDS = [
  'display_name',
  'company_name',
  'phone',
  'location',
  'website',
  'bio',
  'professional_summary',
  'years_experience',
] as const;

export function toProfileRecord(profile: Profile, email: string) {
  const filled = COMPLETENESS_FIELDS.filter((field) => profile[field] !== null && profile[field] !== undefined);
  return {
    user_id: profile.user.id,
    email,
    display_name: profile.display_name ?? null,
    company_name: profile.company_name ?? null,
    role: profile.role,
    phone: profile.phone ?? null,
    location: profile.location ?? null,
    website: profile.website ?? null,
    avatar_url: profile.avatar_url ?? null,
    bio: profile.bio ?? null,
    professional_summary: profile.professional_summary ?? null,
    business_address: profile.business_address ?? null,
    years_experience: profile.years_experience ?? null,
    public_profile: profile.public_profile,
    skills: profile.skills,
    specialties: profile.specialties,
    certifications: profile.certifications,
    onboarding_completed: profile.onboarding_completed,
    onboarding_completed_at: profile.onboarding_completed_at ?? null,
    language: profile.language ?? null,
    created_at: profile.created_at,
    completeness_percent: Math.round((filled.length / COMPLETENESS_FIELDS.length) * 100),
  };
}

/**
 * Quick Stats of the profile screen: counts of the owner's real data only. The spec's 'hours saved' (2.5 a
 * run) and 'revenue' ($150 a run) are multiples of the run count that nothing we record measures, so they
 * are left out (ARCHITECTURE.md decision 26).
 */
export async function profileStats(em: EntityManager, ownerId: string) {
  const [properties, completedRuns, teamMembers] = await Promise.all([
    em.count(Property, { owner: ownerId, is_system_property: false }),
    em.count(Run, { property: { owner: ownerId }, status: 'completed' }),
    em.count(TeamMember, { owner: ownerId }),
  ]);
  const [tasks] = await em.getConnection().execute<{ total: string; checked: string }[]>(
    `select count(*) as total, count(*) filter (where rt.checked) as checked
     from run_tasks rt join runs r on r.id = rt.run_id join properties p on p.id = r.property_id
     where p.owner_id = ? and r.status = 'completed'`,
    [ownerId],
  );
  const total = Number(tasks?.total ?? 0);
  return {
    properties,
    completed_runs: completedRuns,
    team_members: teamMembers,
    /** Of the tasks in completed runs, the share ticked (null before the first completed run). */
    task_completion_percent: total === 0 ? null : Math.round((Number(tasks?.checked ?? 0) / total) * 100),
  };
}

const ACTIVITY_LIMIT = 10;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The sentence the Activity tab shows for an activity. */
export function activitySummary(type: string, details: Record<string, unknown>): string {
  const run = [text(details.property_name), text(details.checklist_name)].filter(Boolean).join(' · ');
  const summaries: Record<ActivityType, string> = {
    property_added: `Property added: ${text(details.property_name)}`,
    property_deleted: `Property deleted: ${text(details.property_name)}`,
    run_created: `Inspection run created: ${run}`,
    run_completed: `Inspection run completed: ${run}`,
    report_downloaded: `Report downloaded: ${text(details.file_name) || 'PDF report'}`,
    template_created: `Template created: ${text(details.template_name)}`,
    checkout_started: `Checkout started: ${text(details.plan_name) || 'plan'}`,
  };
  return summaries[type as ActivityType] ?? type.replaceAll('_', ' ');
}

/** The spec's user_activity by user, newest first, limit 10. */
export async function recentActivity(em: EntityManager, userId: string) {
  const rows = await em.find(
    UserActivity,
    { user: userId },
    { orderBy: [{ created_at: 'desc' }, { id: 'desc' }], limit: ACTIVITY_LIMIT },
  );
  return rows.map((row) => ({
    id: row.id,
    activity_type: row.activity_type,
    summary: activitySummary(row.activity_type, row.details),
    details: row.details,
    created_at: row.created_at.toISOString(),
  }));
}

/** A profile others may see: only when its owner turned Public Profile on (else null, a 404). */
export async function publicProfile(em: EntityManager, userId: string) {
  const profile = await em.findOne(Profile, { user: userId, public_profile: true });
  if (!profile) return null;
  const stats = await profileStats(em, userId);
  return {
    display_name: profile.display_name ?? null,
    company_name: profile.company_name ?? null,
    role: profile.role === 'admin' ? 'Property Manager' : profile.role,
    location: profile.location ?? null,
    website: profile.website ?? null,
    summary: profile.professional_summary ?? profile.bio ?? null,
    years_experience: profile.years_experience ?? null,
    skills: profile.skills,
    specialties: profile.specialties,
    certifications: profile.certifications,
    member_since: profile.created_at,
    completed_runs: stats.completed_runs,
    properties: stats.properties,
  };
}
export type PublicProfile = NonNullable<Awaited<ReturnType<typeof publicProfile>>>;

/** Every account has a profile from sign-up; one made before that rule gets its default row here. */
async function ownProfile(em: EntityManager, userId: string) {
  const user = await em.findOneOrFail(User, { id: userId });
  const profile = (await em.findOne(Profile, { user: userId })) ?? em.create(Profile, { user });
  return { user, profile };
}

export async function readProfile(em: EntityManager, userId: string) {
  const { user, profile } = await ownProfile(em, userId);
  await em.flush();
  return { ...toProfileRecord(profile, user.email), stats: await profileStats(em, userId) };
}

export async function updateProfile(em: EntityManager, userId: string, input: UpdateProfileInput) {
  const { user, profile } = await ownProfile(em, userId);
  em.assign(profile, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
  await em.flush();
  return { ...toProfileRecord(profile, user.email), stats: await profileStats(em, userId) };
}

async function ownPreferences(em: EntityManager, userId: string) {
  return (await em.findOne(UserPreferences, { user: userId })) ?? em.create(UserPreferences, { user: userId });
}

export function toPreferencesRecord(preferences: UserPreferences) {
  return {
    user_id: preferences.user.id,
    email_notifications: preferences.email_notifications,
    push_notifications: preferences.push_notifications,
    desktop_notifications: preferences.desktop_notifications,
    alert_notifications: preferences.alert_notifications,
    analytics_collection: preferences.analytics_collection,
    location_services: preferences.location_services,
    data_sharing: preferences.data_sharing,
    theme: preferences.theme,
    timezone: preferences.timezone,
    updated_at: preferences.updated_at,
  };
}

export async function readPreferences(em: EntityManager, userId: string) {
  const preferences = await ownPreferences(em, userId);
  await em.flush();
  return toPreferencesRecord(preferences);
}

export async function updatePreferences(em: EntityManager, userId: string, input: UpdatePreferencesInput) {
  const preferences = await ownPreferences(em, userId);
  em.assign(preferences, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
  await em.flush();
  return toPreferencesRecord(preferences);
}
