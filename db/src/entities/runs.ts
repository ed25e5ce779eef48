import { defineEntity, type EntitySchema, type InferEntity, p } from '@mikro-orm/core';
import { createdAt, REVIEW_DECISIONS, RUN_KINDS, RUN_STATUSES, updatedAt, uuidPrimaryKey } from './common.ts';
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

export const RUN_SOURCES = ['manual', 'calendar'] as const;
/** How the host closed a run's damage claim: filed with the platform, or no claim to make. */
export const CLAIM_OUTCOMES = ['filed', 'no_claim'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];
export const CALENDAR_CHANGES = ['start', 'reschedule', 'cancel'] as const;

export const Run = defineEntity({
  name: 'Run',
  tableName: 'runs',
  // One turnover per reservation of a property, whatever the sync that sees it.
  uniques: [{ name: 'runs_property_reservation_unique', properties: ['property', 'reservation_uid'] }],
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
    /** When the cleaner first opened the magic link (the run's timeline says so). */
    opened_at: p.datetime().nullable(),
    /** The language (en, es, fr) the runner showed the cleaner when the link was last opened: their mails' language. */
    cleaner_language: p.string().length(8).nullable(),
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
    /** Typed in by the host, or made from a booking calendar reservation (then reservation_uid is set). */
    source: p.enum(RUN_SOURCES).default('manual'),
    reservation_uid: p.text().nullable(),
    /** Checkout of the reservation the turnover follows (calendar runs). */
    checkout_at: p.datetime().nullable(),
    /**
     * The calendar sync that last created, moved or canceled the run, and which of the three: the
     * calendar workflow passes that sync's changes on to the runs' workflows, also after a retry.
     */
    calendar_sync_key: p.string().nullable(),
    calendar_change: p.enum(CALENDAR_CHANGES).nullable(),
    canceled_at: p.datetime().nullable(),
    /** Seconds worked, from the first action to completion without the pauses; set when the run completes. */
    work_seconds: p.integer().nullable(),
    /** Minutes a guest still in the unit kept the cleaner from working (a late-checkout fee's evidence). */
    late_checkout_minutes: p.integer().nullable(),
    /** The host's latest review of the completed run: approved, or sent back with a note. */
    review_decision: p.enum(REVIEW_DECISIONS).nullable(),
    review_score: p.integer().nullable(),
    review_note: p.text().nullable(),
    reviewed_at: p.datetime().nullable(),
    /** Set when the host closes the damage claim (filed, or none to make): its deadline reminders stop. */
    claim_closed_at: p.datetime().nullable(),
    claim_outcome: p.enum(CLAIM_OUTCOMES).nullable(),
    /** The earlier run this one is compared with (a move-out's move-in, a turnover's previous turnover). */
    baseline_run: () => p.manyToOne(Run).deleteRule('set null').nullable(),
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
    /** Copied from the checklist task: photos from the camera only (the runner offers no gallery). */
    camera_only: p.boolean().default(false),
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
    /** Sent back by the host's review: while the run awaits revision, only these tasks are open. */
    reopened: p.boolean().default(false),
    /** The host's note on this task when the review last sent it back. */
    revision_note: p.text().nullable(),
    updated_at: updatedAt(),
  },
});

export const MEDIA_TYPES = ['photo', 'video'] as const;
export const MEDIA_STATUSES = ['uploading', 'uploaded', 'confirmed', 'error'] as const;

/**
 * A photo or video of a run: a task's proof (run_task), or once an issue names it, that issue's evidence
 * (alert, and no task: it never counts toward a task's photos). Never both, never neither.
 */
export const Media = defineEntity({
  name: 'Media',
  tableName: 'media',
  checks: [
    { name: 'media_task_or_issue', expression: 'num_nonnulls(run_task_id, alert_id) = 1' },
    { name: 'media_alignment_score_range', expression: 'alignment_score between -1 and 1' },
  ],
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    run_task: () => p.manyToOne(RunTask).deleteRule('cascade').nullable().index(),
    alert: () => p.manyToOne(Alert).deleteRule('cascade').nullable().index(),
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
    /** SHA-256 of the stored bytes when the cleaner confirmed it; the capture log carries the same. */
    sha256: p.string().length(64).nullable(),
    /** Set when the host rejected the photo in a review: it stays evidence but no longer counts for its task. */
    rejected_at: p.datetime().nullable(),
    /** How well the photo lines up with the task's reference photo (SSIM, measured on the phone); null without one. */
    alignment_score: p.float().nullable(),
    /** The server's checks of a confirmed photo (activities/src/photo-check-activities.ts): null until run, [] when all is well. */
    checks: p.json<PhotoCheck[]>().nullable(),
    /** What the checks measured and found (sharpness, brightness, the earlier photo a reused one repeats, times). */
    check_details: p.json<PhotoCheckDetails>().nullable(),
    /** Flags the host looked at and accepted: they still show, marked accepted. */
    accepted_checks: p.json<PhotoCheck[]>().onCreate(() => []),
    /** 64-bit perceptual hash (hex): the same picture re-encoded or resized hashes within a few bits. */
    perceptual_hash: p.string().length(16).nullable(),
    /** The camera and capture time the upload read from the file's EXIF, kept here since the served file may lose it. */
    exif: p.json<PhotoExif>().nullable(),
    created_at: createdAt(),
  },
});

/** What the server flags on a photo; the evidence, the review screen, the report and the claim pack name them. */
export const PHOTO_CHECKS = ['blurry', 'dark', 'reused', 'captured_before_run', 'not_from_camera'] as const;
export type PhotoCheck = (typeof PHOTO_CHECKS)[number];

/** A named type (an interface) so that Media's declaration stays small; see AlertSchema's note. */
/** EXIF as the upload read it: DateTimeOriginal as ISO ('Z' when the offset was known, else wall-clock), Make, Model. */
export interface PhotoExif {
  captured_at: string | null;
  make: string | null;
  model: string | null;
}

export interface PhotoCheckDetails {
  sharpness: number;
  brightness: number;
  /** The owner's first photo this one repeats (a perceptual hash within a few bits). */
  reused_from: { run_id: string; media_id: string } | null;
  /** The capture time the check compared with the run's creation (EXIF, else the phone's claim). */
  captured_at: string | null;
  camera: { make: string | null; model: string | null };
  /** Whether the task asked for a camera capture (run_tasks.camera_only). */
  camera_only: boolean;
}

export const REPORT_STATUSES = ['pending', 'generating', 'ready', 'failed'] as const;
export const REPORT_PAYMENTS = ['credit', 'included', 'overage'] as const;
export type ReportPayment = (typeof REPORT_PAYMENTS)[number];
/** The report's e-mail to the host, a step of its own after the PDF is stored. */
export const REPORT_MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ReportMailStatus = (typeof REPORT_MAIL_STATUSES)[number];

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
    /** Null when this version is not mailed (a regenerated report); 'failed' comes with mail_error. */
    mail_status: p.enum(REPORT_MAIL_STATUSES).nullable(),
    mail_error: p.text().nullable(),
    /** Set once the report has been counted against the owner's usage (metering happens once). */
    metered_at: p.datetime().nullable(),
    /** What paid for the report: a promo credit, a report included in the plan, or overage. */
    paid_by: p.enum(REPORT_PAYMENTS).nullable(),
    generated_at: p.datetime().nullable(),
    /** SHA-256 of the PDF as rendered: a dropped file is recognised by it. */
    pdf_sha256: p.string().length(64).nullable().index(),
    /** The capture log's length and head hash printed in this version. */
    chain_seq: p.integer().nullable(),
    chain_head: p.string().length(64).nullable(),
    created_at: createdAt(),
  },
});

/** guest_present: the cleaner found the guest still in the unit ("Guest still here"). */
export const ALERT_KINDS = ['issue', 'overdue', 'at_risk', 'calendar', 'guest_present'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_SEVERITIES = ['low', 'medium', 'high'] as const;
/** Where the host has taken an issue: still open, resolved with a note, or turned into a follow-up run. */
export const ISSUE_STATUSES = ['open', 'resolved', 'follow_up'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** Issues reported by cleaners and overdue alerts; the spec counts them as 'Issues'. Its photos are media rows. */
const AlertSchema = defineEntity({
  name: 'Alert',
  tableName: 'alerts',
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    run_task: () => p.manyToOne(RunTask).deleteRule('set null').nullable(),
    kind: p.enum(ALERT_KINDS),
    severity: p.enum(ALERT_SEVERITIES),
    description: p.text(),
    status: p.enum(ISSUE_STATUSES).default('open'),
    /** Set when the host resolves the issue or turns it into a follow-up run. */
    resolved_at: p.datetime().nullable(),
    /** The host's note on how the issue was dealt with. */
    resolution_note: p.text().nullable(),
    /**
     * The run made to fix the issue (status 'follow_up'). A plain column (its foreign key, on delete set
     * null, is in the migration): a second relation to Run makes the entity's inferred type too long for tsc.
     */
    follow_up_run_id: p.uuid().nullable(),
    created_at: createdAt(),
  },
});
/** A named type (an interface, not an alias), so that Media's reference to it stays small enough for declaration emit. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the name is the point
export interface Alert extends InferEntity<typeof AlertSchema> {}
export const Alert: EntitySchema<Alert> = AlertSchema;

/** A pause of a run by its cleaner; at most one per run is open (resumed_at null). */
export const RunPause = defineEntity({
  name: 'RunPause',
  tableName: 'run_pauses',
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    paused_at: p.datetime(),
    resumed_at: p.datetime().nullable(),
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

export const RUN_EVENT_KINDS = [
  'link_sent',
  'reminded',
  'handed_over',
  'host_alerted',
  'overdue',
  'rescheduled',
  'canceled',
  'completed',
  'report_ready',
  /** The cleaner's text reply: yes or no to the run. */
  'accepted',
  'declined',
] as const;
export type RunEventKind = (typeof RUN_EVENT_KINDS)[number];

/** A timeline message's parameters: names, counts, and instants as ISO strings. */
export type RunEventParams = Record<string, string | number>;

/** The run's timeline: what its workflow did, each step once (unique per run, kind and key). */
export const RunEvent = defineEntity({
  name: 'RunEvent',
  tableName: 'run_events',
  uniques: [{ properties: ['run', 'kind', 'key'] }],
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    kind: p.enum(RUN_EVENT_KINDS),
    /** Tells repeated kinds apart (such as each new due time); '' for once-only steps. */
    key: p.string().default(''),
    /** The step in English: the console's fallback for steps recorded before codes, and the PDF's and logs' text. */
    detail: p.text(),
    /** The message the console says it with, in the host's language (tp.timeline.<code>); null on older steps. */
    code: p.text().nullable(),
    params: p.json<RunEventParams>().nullable(),
    created_at: createdAt(),
  },
});

export type RunEvent = InferEntity<typeof RunEvent>;
export const CAPTURE_KINDS = [
  'task_checked',
  'task_unchecked',
  'media_confirmed',
  'issue_reported',
  'run_completed',
  'review_approved',
  'revision_requested',
  /** The assigned cleaner's text reply to the run: yes or no. */
  'run_accepted',
  'run_declined',
  /** The cleaner's pause and resume, and "Guest still here" (a late checkout's evidence). */
  'run_paused',
  'run_resumed',
  'guest_present',
  /** The cleaner's count of a property's supply (or low / out). */
  'supply_counted',
] as const;
export type CaptureKind = (typeof CAPTURE_KINDS)[number];

/**
 * The tamper-evident capture log: one entry per accepted cleaner action (and host review), chained per
 * run by SHA-256 (see capture-chain.ts). Device time and position are the phone's claims; received_at is
 * the server's clock.
 */
export const CaptureEntry = defineEntity({
  name: 'CaptureEntry',
  tableName: 'capture_entries',
  primaryKeys: ['run', 'seq'],
  properties: {
    run: () => p.manyToOne(Run).deleteRule('cascade').primary(),
    seq: p.integer().primary(),
    kind: p.enum(CAPTURE_KINDS),
    payload: p.json<Record<string, unknown>>(),
    payload_sha256: p.string().length(64),
    device_time: p.datetime().nullable(),
    device_latitude: p.double().nullable(),
    device_longitude: p.double().nullable(),
    device_accuracy: p.double().nullable(),
    received_at: p.datetime(),
    prev_hash: p.string().length(64),
    hash: p.string().length(64),
    /** The phone key that signed the action this entry records (device-signature.ts); null: unsigned. */
    device_key: () => p.manyToOne(DeviceKey).deleteRule('restrict').nullable(),
    /** Its ECDSA P-256 signature (IEEE P1363, base64url) over the action's signed text. */
    signature: p.string().length(200).nullable(),
  },
});

/** A runner phone's public key (ECDSA P-256, as a JWK), registered with a run it opened: once per device. */
export const DeviceKey = defineEntity({
  name: 'DeviceKey',
  tableName: 'device_keys',
  uniques: [{ name: 'device_keys_run_public_key_unique', properties: ['run', 'public_key'] }],
  properties: {
    id: uuidPrimaryKey(),
    run: () => p.manyToOne(Run).deleteRule('cascade').index(),
    public_key: p.json<Record<string, string>>(),
    created_at: createdAt(),
  },
});

/** The newest entry of each run's capture log; its row lock orders concurrent appends. */
export const CaptureHead = defineEntity({
  name: 'CaptureHead',
  tableName: 'capture_heads',
  properties: {
    run: () => p.oneToOne(Run).owner().deleteRule('cascade').primary(),
    seq: p.integer().default(0),
    hash: p.string().length(64),
  },
});

export type Run = InferEntity<typeof Run>;
export type RunTask = InferEntity<typeof RunTask>;
export type Media = InferEntity<typeof Media>;
export type Report = InferEntity<typeof Report>;
export type ProcessedAction = InferEntity<typeof ProcessedAction>;
export type CaptureEntry = InferEntity<typeof CaptureEntry>;
export type CaptureHead = InferEntity<typeof CaptureHead>;
export type DeviceKey = InferEntity<typeof DeviceKey>;
