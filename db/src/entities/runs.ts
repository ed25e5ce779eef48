import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { createdAt, RUN_KINDS, RUN_STATUSES, updatedAt, uuidPrimaryKey } from './common.ts';
import { Checklist, Property, Task, TeamMember } from './properties.ts';
import { InspectionTemplate } from './templates.ts';

export interface RunMeta {
  unit?: string;
  tenant_name?: string;
  tenant_email?: string;
  lease_start?: string;
  lease_end?: string;
  [key: string]: unknown;
}

export const Run = defineEntity({
  name: 'Run',
  tableName: 'runs',
  properties: {
    id: uuidPrimaryKey(),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    checklist: () => p.manyToOne(Checklist).deleteRule('set null').nullable(),
    template: () => p.manyToOne(InspectionTemplate).deleteRule('set null').nullable(),
    /** Name of the checklist or template when the run was made; survives their deletion. */
    checklist_name: p.string(),
    type: p.enum(RUN_KINDS),
    status: p.enum(RUN_STATUSES).default('pending'),
    started_at: p.datetime().nullable(),
    ended_at: p.datetime().nullable(),
    meta: p.json<RunMeta>().onCreate(() => ({})),
    /** SHA-256 of the magic-link token; the token itself is never stored in clear. */
    token_hash: p.string().unique(),
    /** The link encrypted with SECRET_KEY so the host can copy it again. */
    link_encrypted: p.text(),
    link_revoked_at: p.datetime().nullable(),
    /** Set by the run's workflow when a completed run's link stops being readable (7 days after completion). */
    link_expired_at: p.datetime().nullable(),
    due_at: p.datetime().nullable(),
    assigned_to: () => p.manyToOne(TeamMember).deleteRule('set null').nullable(),
    tasks: () => p.oneToMany(RunTask).mappedBy('run').orderBy({ order_index: 'asc' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

/** A task of a run: a snapshot of the checklist task, so later checklist edits leave the run alone. */
export const RunTask = defineEntity({
  name: 'RunTask',
  tableName: 'run_tasks',
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    task: () => p.manyToOne(Task).deleteRule('set null').nullable(),
    title: p.string(),
    description: p.text().nullable(),
    required_media: p.integer().default(0),
    order_index: p.integer(),
    checked: p.boolean().default(false),
    comment: p.text().nullable(),
    duration_seconds: p.integer().nullable(),
    checked_at: p.datetime().nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    location_accuracy: p.double().nullable(),
    location_timestamp: p.datetime().nullable(),
    address: p.text().nullable(),
    /** Client timestamp of the newest applied action: older replays never overwrite newer state. */
    client_updated_at: p.datetime().nullable(),
    updated_at: updatedAt(),
  },
});

export const MEDIA_TYPES = ['photo', 'video'] as const;
export const MEDIA_STATUSES = ['uploading', 'uploaded', 'confirmed', 'error'] as const;

export const Media = defineEntity({
  name: 'Media',
  tableName: 'media',
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    run_task: () => p.manyToOne(RunTask).deleteRule('cascade').index(),
    path: p.text().unique(),
    type: p.enum(MEDIA_TYPES),
    status: p.enum(MEDIA_STATUSES).default('uploading'),
    content_type: p.string(),
    size: p.bigint('number'),
    thumbnail_path: p.text().nullable(),
    captured_at: p.datetime().nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    location_accuracy: p.double().nullable(),
    address: p.text().nullable(),
    created_at: createdAt(),
  },
});

export const REPORT_STATUSES = ['pending', 'generating', 'ready', 'failed'] as const;
export const REPORT_PAYMENTS = ['credit', 'included', 'overage'] as const;
export type ReportPayment = (typeof REPORT_PAYMENTS)[number];

/** One row per report version of a run; (run, version) is the idempotency key of every report activity. */
export const Report = defineEntity({
  name: 'Report',
  tableName: 'reports',
  uniques: [{ properties: ['run', 'version'] }],
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade'),
    version: p.integer(),
    status: p.enum(REPORT_STATUSES).default('pending'),
    file_path: p.text().nullable(),
    file_name: p.string().nullable(),
    html_content: p.text().nullable(),
    summary: p.json<{ completed_tasks: number; total_tasks: number; completion_rate: number }>().nullable(),
    pdf_size: p.integer().nullable(),
    error: p.text().nullable(),
    /** Set once the report has been e-mailed to the host, so a retried activity never mails twice. */
    emailed_at: p.datetime().nullable(),
    /** Set once the report has been counted against the owner's usage (metering happens once). */
    metered_at: p.datetime().nullable(),
    /** What paid for the report: a promo credit, a report included in the plan, or overage. */
    paid_by: p.enum(REPORT_PAYMENTS).nullable(),
    generated_at: p.datetime().nullable(),
    created_at: createdAt(),
  },
});

export const ALERT_KINDS = ['issue', 'overdue'] as const;
export const ALERT_SEVERITIES = ['low', 'medium', 'high'] as const;

/** Issues reported by cleaners and overdue alerts; the spec counts them as 'Issues'. */
export const Alert = defineEntity({
  name: 'Alert',
  tableName: 'alerts',
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    run_task: () => p.manyToOne(RunTask).deleteRule('set null').nullable(),
    kind: p.enum(ALERT_KINDS),
    severity: p.enum(ALERT_SEVERITIES),
    description: p.text(),
    media_paths: p.json<string[]>().onCreate(() => []),
    resolved_at: p.datetime().nullable(),
    created_at: createdAt(),
  },
});

/** Client action ids already applied: a retried or replayed offline action is applied once. */
export const ProcessedAction = defineEntity({
  name: 'ProcessedAction',
  tableName: 'processed_actions',
  properties: {
    action_id: p.string().primary(),
    run: () => p.manyToOne(Run).deleteRule('cascade'),
    kind: p.string(),
    response: p.json<unknown>().nullable(),
    created_at: createdAt(),
  },
});

export type Run = InferEntity<typeof Run>;
export type RunTask = InferEntity<typeof RunTask>;
export type Media = InferEntity<typeof Media>;
export type Report = InferEntity<typeof Report>;
export type Alert = InferEntity<typeof Alert>;
export type ProcessedAction = InferEntity<typeof ProcessedAction>;
