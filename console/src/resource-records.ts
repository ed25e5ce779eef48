/** Records of the property, checklist, template and run resources, as the owner API answers them. */

import type { RunStatus, RunType } from './types.ts';

export type ChecklistType = RunType | 'arrival' | 'departure' | 'cleaning' | 'safety';

export interface PropertyRecord {
  id: string;
  name: string;
  address: string;
  access_code: string | null;
  notes: string | null;
  created_at: string;
  is_system_property: boolean;
  /** IANA time zone: due times are entered and shown in it. */
  timezone: string;
  check_in_time: string;
  checkout_time: string;
  default_assignee_id: string | null;
  backup_assignee_id: string | null;
  calendar_urls: string[];
}

export interface TaskRecord {
  id: string;
  checklist_id: string;
  title: string;
  description: string | null;
  required_media: number;
  /** Photos from the camera only (no gallery in the runner). */
  camera_only: boolean;
  /** The room or part of the checklist (a template's section), or null. */
  section: string | null;
  order_index: number;
}

export interface ChecklistRecord {
  id: string;
  property_id: string;
  property: { name: string; address: string; is_system_property: boolean };
  name: string;
  type: ChecklistType;
  is_template: boolean;
  tasks: TaskRecord[];
}

export interface TemplateRecord {
  id: string;
  name: string;
  kind: ChecklistType;
  description: string | null;
  is_system_template: boolean;
  /** System templates only: the name of their public page /templates/{slug}. */
  slug?: string | null;
  source: 'system' | 'custom';
  property_name: string | null;
  task_count: number;
}

export interface RunMeta {
  unit?: string;
  tenant_name?: string;
  tenant_email?: string;
  lease_start?: string;
  lease_end?: string;
}

export interface RunRecord {
  id: string;
  property_id: string;
  /** timezone: the property's IANA time zone, the one its run times are shown in. */
  property: { name: string; address: string; timezone?: string };
  checklist: { name: string; type: RunType };
  type: RunType;
  status: RunStatus;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
  meta: RunMeta;
  magic_link: string | null;
  task_count: number;
  completed_task_count: number;
  /** Every task is ticked but the cleaner has not marked the run complete. */
  awaiting_submission: boolean;
  due_at: string | null;
  assigned_to: string | null;
  /** The team member the run is assigned to, by name. */
  assignee?: { id: string; name: string } | null;
  /** Issues the cleaner reported, and how many of them are still open (list and show answers). */
  issue_count?: number;
  open_issue_count?: number;
  source: 'manual' | 'calendar';
  reservation_uid: string | null;
  /** The earlier run the host chose to compare with; null: the automatic one. */
  baseline_run_id?: string | null;
  /** The host's latest review of the completed run. */
  review?: RunReview;
}

export interface RunReview {
  decision: 'approved' | 'revision_requested' | null;
  score: number | null;
  note: string | null;
  reviewed_at: string | null;
}

export interface ReportProgress {
  percent: number;
  step: string;
}

export interface ReportRecord {
  id: string;
  version: number;
  status: 'pending' | 'generating' | 'ready' | 'failed';
  file_name: string | null;
  error: string | null;
  has_html: boolean;
  progress: ReportProgress | null;
  /** The report's e-mail to the host (null: this version is not mailed). */
  mail_status: 'pending' | 'sent' | 'failed' | null;
  mail_error: string | null;
}

/** A supply a property keeps at par level (GET /api/properties/{id}/supplies). */
export interface SupplyRecord {
  id: string;
  property_id: string;
  name: string;
  unit: string;
  par_level: number;
  created_at: string;
}

/** A supply below par by its newest count (GET /api/restock); `needed` is null when only said to be low. */
export interface RestockRecord {
  id: string;
  property_id: string;
  property: string;
  timezone: string;
  name: string;
  unit: string;
  count: number | null;
  level: 'counted' | 'low' | 'out';
  par_level: number;
  needed: number | null;
  counted_at: string;
  run_id: string;
}
