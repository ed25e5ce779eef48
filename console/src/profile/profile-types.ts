/** GET /api/profile. */
export interface Profile {
  user_id: string;
  email: string;
  display_name: string | null;
  company_name: string | null;
  role: string;
  phone: string | null;
  location: string | null;
  website: string | null;
  bio: string | null;
  professional_summary: string | null;
  business_address: string | null;
  years_experience: number | null;
  public_profile: boolean;
  completeness_percent: number;
  created_at: string;
  stats: {
    properties: number;
    completed_runs: number;
    team_members: number;
    task_completion_percent: number | null;
  };
}

export type ProfileChange = Partial<Omit<Profile, 'years_experience' | 'stats'>> & { years_experience?: string | null };

/** GET /api/profile/activity: newest first, at most 10. */
export interface Activity {
  id: string;
  activity_type: string;
  summary: string;
  created_at: string;
}
