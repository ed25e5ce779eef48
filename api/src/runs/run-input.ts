import { RUN_STATUSES } from '@turnproof/db';
import { z } from 'zod';
import { isRunKind, normaliseRunType } from './run-type.ts';

const shortText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .max(200, `${label} must be at most 200 characters.`)
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date.` })
    .max(40)
    .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), `${label} must be a valid date.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Move-in and move-out details of the wizard; other keys are not kept. */
export const runMetaInput = z
  .object({
    unit: shortText('Unit'),
    tenant_name: shortText('Tenant name'),
    tenant_email: z
      .string({ error: 'Tenant email must be text.' })
      .trim()
      .max(254)
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.email({ error: 'Tenant email must be a valid email address.' }).optional()),
    lease_start: isoDate('Lease start'),
    lease_end: isoDate('Lease end'),
  })
  .nullish()
  .transform((meta) => Object.fromEntries(Object.entries(meta ?? {}).filter(([, value]) => value !== undefined)));

export const runMessages = {
  notFound: 'Run not found. It does not exist or you do not have access to it.',
  propertyRequired: 'Please choose a property.',
  templateRequired: 'Please choose a template or checklist.',
  bothSources: 'Choose either a template or a checklist, not both.',
  sourceNotFound: 'Template not found. It does not exist or you do not have access to it.',
  emptySource: 'The chosen template has no tasks; add tasks before starting an inspection.',
  assigneeNotFound: 'Team member not found. Choose one of your team members.',
  systemProperty: 'Runs cannot be created on the Template Collection; choose one of your properties.',
  statusForwardOnly: 'A run only moves forward: from pending to in progress, and to completed.',
  notPending: (status: string) => `Only a pending run can be set in progress; this one is ${status.replace('_', ' ')}.`,
  baselineNotFound: 'Earlier inspection not found: choose a completed inspection of the same property.',
};

/** A due time as an ISO instant; empty or null for none. */
export const dueAt = z
  .string({ error: 'due_at must be a date and time.' })
  .max(40)
  .nullish()
  .refine((value) => !value || !Number.isNaN(Date.parse(value)), 'due_at must be a valid date and time.')
  .transform((value) => (value ? new Date(value) : null));

export const createRunBody = z
  .object({
    property_id: z.uuid({ error: runMessages.propertyRequired }),
    type: z
      .string({ error: 'type must be text.' })
      .max(40)
      .optional()
      .transform((value) => normaliseRunType(value?.trim() ? value : 'turnover'))
      .refine(isRunKind, 'Unknown inspection type: use turnover, move_in or move_out.'),
    template_id: z.uuid({ error: runMessages.sourceNotFound }).nullish(),
    checklist_id: z.uuid({ error: runMessages.sourceNotFound }).nullish(),
    meta: runMetaInput,
    due_at: dueAt,
    assigned_to: z.uuid({ error: runMessages.assigneeNotFound }).nullish(),
    /** The earlier run whose photos this one is compared with; by default the last completed move-in (or turnover). */
    baseline_run_id: z.uuid({ error: runMessages.baselineNotFound }).nullish(),
  })
  .refine((body) => body.template_id || body.checklist_id, runMessages.templateRequired)
  .refine((body) => !(body.template_id && body.checklist_id), runMessages.bothSources);

/** A new due_at moves the run's escalation ladder (its workflow hears it by a signal). */
export const updateRunBody = z.object({
  meta: runMetaInput.optional(),
  due_at: dueAt.optional(),
  assigned_to: z.uuid({ error: runMessages.assigneeNotFound }).nullish(),
  status: z
    .enum(RUN_STATUSES, { error: 'status must be pending, in_progress or completed.' })
    .optional()
    .refine(
      (status) => status === undefined || status === 'in_progress' || status === 'completed',
      runMessages.statusForwardOnly,
    ),
});

export type CreateRunInput = z.output<typeof createRunBody>;
export type UpdateRunInput = z.output<typeof updateRunBody>;
