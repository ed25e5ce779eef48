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
  stats: { properties: number; completed_runs: number; team_members: number; hours_saved: number };
}

export type ProfileChange = Partial<Omit<Profile, 'years_experience' | 'stats'>> & { years_experience?: string | null };
