import { z } from 'zod';
import { RUN_STATUSES } from '@turnproof/db';

/**
 * The shapes of the JSON answers that have no schema of their own in their area, for the OpenAPI
 * document. Loose objects: they name the fields a client relies on; an answer may carry more.
 */

const timestamp = z.string().describe('ISO 8601 date-time');
const runKind = z.string().describe('turnover, move_in, move_out, arrival, departure, cleaning or safety');

export const okMessage = z.looseObject({ ok: z.literal(true), message: z.string().optional() });

export const taskOfChecklist = z.looseObject({
  id: z.uuid(),
  checklist_id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  required_media: z.number().int(),
  camera_only: z.boolean(),
  section: z.string().nullable(),
  order_index: z.number().int(),
});

export const checklistRecord = z.looseObject({
  id: z.uuid(),
  property_id: z.uuid(),
  property: z.looseObject({ name: z.string(), address: z.string(), is_system_property: z.boolean() }),
  name: z.string(),
  type: runKind,
  is_template: z.boolean(),
  tasks: z.array(taskOfChecklist),
});

export const templateRecord = z.looseObject({
  id: z.uuid(),
  name: z.string(),
  kind: runKind,
  description: z.string().nullable(),
  is_system_template: z.boolean(),
  source: z.enum(['system', 'custom']),
  property_name: z.string().nullable(),
  task_count: z.number().int(),
});

export const runRecord = z.looseObject({
  id: z.uuid(),
  property_id: z.uuid(),
  property: z.looseObject({ name: z.string(), address: z.string() }),
  checklist: z.looseObject({ name: z.string(), type: runKind }),
  type: runKind,
  status: z.enum(RUN_STATUSES),
  started_at: timestamp.nullable(),
  ended_at: timestamp.nullable(),
  created_at: timestamp,
  meta: z.record(z.string(), z.unknown()),
  magic_link: z.string().nullable(),
  task_count: z.number().int(),
  completed_task_count: z.number().int(),
  awaiting_submission: z.boolean(),
});

export const reportProgress = z.looseObject({ percent: z.number(), step: z.string() }).nullable();

export const reportRecord = z.looseObject({
  id: z.uuid(),
  version: z.number().int(),
  status: z.enum(['pending', 'generating', 'ready', 'failed']),
  file_name: z.string().nullable(),
  error: z.string().nullable(),
  has_html: z.boolean(),
  progress: reportProgress,
});

export const reportStarted = z.looseObject({
  version: z.number().int(),
  status: z.literal('generating'),
  progress: reportProgress,
});

export const accessView = z.looseObject({
  is_admin: z.boolean(),
  plan_key: z.string().nullable(),
  plan_name: z.string(),
  tier: z.string(),
  subscribed: z.boolean(),
  on_trial: z.boolean(),
  needs_onboarding: z.boolean(),
  features: z.looseObject({ analytics: z.boolean(), team: z.boolean(), api: z.boolean() }),
});

export const accessChanged = z.looseObject({ ok: z.literal(true), message: z.string(), access: accessView });

export const dashboardView = z.looseObject({
  stats: z.record(z.string(), z.number()),
  properties: z.array(z.looseObject({ id: z.uuid(), name: z.string(), address: z.string() })),
  recent_runs: z.array(z.looseObject({ id: z.uuid(), type: z.string(), status: z.string() })),
  late_checkouts: z.array(
    z.looseObject({ run_id: z.uuid(), guest_present_at: z.string().nullable(), slack_minutes: z.number().nullable() }),
  ),
  access: accessView,
});

export const onboardingView = z.looseObject({
  steps: z.array(z.looseObject({ id: z.string(), completed: z.boolean(), requires: z.string().nullable() })),
  completed: z.number().int(),
  total: z.number().int(),
  plans: z.array(z.looseObject({ key: z.string(), name: z.string() })).optional(),
});

export const activityView = z.object({
  id: z.uuid(),
  activity_type: z.string(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.iso.datetime(),
});

export const profileView = z.looseObject({
  user_id: z.uuid(),
  email: z.string(),
  display_name: z.string().nullable(),
  company_name: z.string().nullable(),
  role: z.string(),
  stats: z.record(z.string(), z.unknown()),
});

/** A property's supply as a run lists it, with this run's count (null until counted, and for 'low'). */
const runSupply = z.object({
  id: z.uuid(),
  name: z.string(),
  unit: z.string(),
  par_level: z.number().int(),
  count: z.number().int().nullable(),
  level: z.enum(['counted', 'low', 'out']).nullable(),
});

export const publicRunView = z.looseObject({
  run: z.looseObject({
    id: z.uuid(),
    status: z.string(),
    tasks: z.array(z.looseObject({ id: z.uuid(), checked: z.boolean(), media_count: z.number().int() })),
    supplies: z.array(runSupply),
  }),
});

export const supplyCounted = z.object({ ok: z.literal(true), applied: z.boolean(), supply: runSupply });

export const publicTaskAnswer = z.looseObject({
  ok: z.literal(true),
  applied: z.boolean(),
  run: z.looseObject({ status: z.string(), started_at: timestamp }),
  task: z.looseObject({ id: z.uuid(), checked: z.boolean() }),
});

export const uploadReservation = z.looseObject({
  path: z.string(),
  signedToken: z.string(),
  uploadUrl: z.string(),
  expires_at: timestamp,
});

export const mediaConfirmed = z.looseObject({
  ok: z.literal(true),
  media: z.looseObject({ id: z.uuid(), type: z.string(), path: z.string() }),
  media_count: z.number().int(),
});

export const uploadStored = z.looseObject({
  ok: z.literal(true),
  path: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});

export const runCompleted = z.looseObject({
  ok: z.literal(true),
  run: z.looseObject({ id: z.uuid(), status: z.string(), ended_at: timestamp.nullable() }),
});

export const alertRecord = z.looseObject({
  ok: z.literal(true),
  alert: z.looseObject({ id: z.uuid(), severity: z.string(), description: z.string(), created_at: timestamp }),
});

export const stripeReceipt = z.looseObject({ received: z.boolean(), duplicate: z.boolean().optional() });

/** A file answer (ZIP, PDF, HTML, a photo): the bytes themselves. */
export const fileBody = z.string().meta({ format: 'binary' });

export const cleanerSchedule = z.looseObject({
  member: z.looseObject({ name: z.string() }),
  runs: z.array(
    z.looseObject({
      id: z.uuid(),
      property_name: z.string(),
      address: z.string(),
      access_code: z.string().nullable(),
      notes: z.string().nullable(),
      type: runKind,
      status: z.string(),
      due_at: timestamp.nullable(),
      timezone: z.string(),
      link: z.string(),
    }),
  ),
});

export const runVerification = z.looseObject({
  run: z.looseObject({ id: z.uuid(), property: z.string(), status: z.string(), completed_at: timestamp.nullable() }),
  valid: z.boolean(),
  entry_count: z.number().int(),
  signed_count: z.number().int(),
  chain_head: z.string(),
  problems: z.array(z.looseObject({ kind: z.enum(['entry', 'photo', 'pdf']), message: z.string() })),
  reports: z.array(z.looseObject({ version: z.number().int(), valid: z.boolean() })),
  anchors: z.array(
    z.looseObject({
      head: z.string(),
      seq: z.number().int(),
      time: timestamp,
      tsa: z.string(),
      timestamp_url: z.string(),
    }),
  ),
  entries: z.array(
    z.looseObject({
      seq: z.number().int(),
      kind: z.string(),
      label: z.string(),
      hash: z.string(),
      signed: z.boolean(),
    }),
  ),
});

export const pdfIdentification = z.looseObject({
  recognised: z.boolean(),
  run_id: z.uuid().nullable(),
  version: z.number().int().nullable(),
  sha256: z.string(),
  message: z.string(),
});

export const reviewDecision = z.looseObject({
  status: z.string(),
  decision: z.enum(['approve', 'revise']),
  reviewedAt: timestamp,
});
