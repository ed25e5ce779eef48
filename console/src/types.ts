/** Records and answers of the owner API, as the console reads them. */

export type AccessTier = 'starter' | 'professional' | 'enterprise';
export type PlanKey = 'flex' | 'starter' | 'pro' | 'team';
export type RunStatus = 'pending' | 'in_progress' | 'completed' | 'revision_requested' | 'canceled';
export type RunType = 'turnover' | 'move_in' | 'move_out';

export interface Access {
  is_admin: boolean;
  status: 'admin' | 'trial' | 'active' | 'inactive';
  plan_key: PlanKey | null;
  plan_name: string;
  tier: AccessTier;
  subscribed: boolean;
  on_trial: boolean;
  trial_ends_at: string | null;
  subscription_ends_at: string | null;
  needs_onboarding: boolean;
  onboarding_completed: boolean;
  features: { analytics: boolean; team: boolean; api: boolean };
  limits: { max_properties: number | null; max_team_members: number | null };
  reports: { used: number; included: number; cap: number | null };
}

export interface Plan {
  key: PlanKey;
  name: string;
  monthlyPriceCents: number;
  includedReports: number;
  overageCentsPerReport: number;
  monthlyReportCap: number | null;
  accessTier: AccessTier;
  maxProperties: number | null;
  maxTeamMembers: number | null;
}

export type SetupStepId = 'choose-plan' | 'add-property' | 'create-checklist' | 'invite-team';
/** The steps stored when their Start is pressed (choose-plan is read from the plan). */
export type StoredStepId = Exclude<SetupStepId, 'choose-plan'>;

export interface OnboardingState {
  needs_onboarding: boolean;
  steps: { id: SetupStepId; completed: boolean; completed_at: string | null; requires: AccessTier | null }[];
  completed: number;
  total: number;
  plans: Plan[];
}

export interface DashboardData {
  stats: { properties: number; runs: number; in_progress: number; pending: number; completed_today: number };
  properties: { id: string; name: string; address: string }[];
  recent_runs: {
    id: string;
    type: RunType;
    status: RunStatus;
    checklist_name: string;
    property_id: string;
    property_name: string;
    property_timezone: string;
    created_at: string;
    ended_at: string | null;
  }[];
  late_checkouts: {
    run_id: string;
    property_name: string;
    property_timezone: string;
    guest_present_at: string | null;
    slack_minutes: number | null;
  }[];
  access: Access;
}
