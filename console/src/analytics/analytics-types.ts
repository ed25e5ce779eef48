import type { RunType } from '../types.ts';

/** The screen's Filter: narrows every figure to one property and/or one run type. */
export interface AnalyticsFilter {
  property_id?: string | undefined;
  type?: RunType | undefined;
}

/** The answer of GET /api/analytics. */
export interface Analytics {
  days: 7 | 30 | 90;
  since: string;
  until: string;
  timezone: string;
  runs_completed: number;
  average_duration_seconds: number | null;
  on_time: { on_time: number; with_due_time: number; rate_percent: number | null };
  issues: { total: number; low: number; medium: number; high: number };
  photos: { total: number; per_run: number | null };
  properties: { id: string; name: string; runs: number; completed: number; issues: number }[];
  completions_per_week: { week_start: string; completed: number }[];
  review_scores: { by_property: ScoreFigures[]; by_cleaner: ScoreFigures[] };
  filter: { property_id: string | null; type: RunType | null };
  recent_activity: { id: string; activity_type: string; summary: string; created_at: string }[];
}

/** The hosts' average 1-5 review score of a property's or a cleaner's runs. */
export interface ScoreFigures {
  id: string;
  name: string;
  average_score: number;
  reviews: number;
}

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
