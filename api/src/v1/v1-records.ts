import type { Run } from '@turnproof/db';
import { REPORT_STATUSES, RUN_KINDS, RUN_STATUSES } from '@turnproof/db';
import { z } from 'zod';
import type { toChecklistRecord } from '../checklists/checklist-service.ts';
import type { toPropertyRecord } from '../properties/property-service.ts';
import { toRunRecord } from '../runs/run-service.ts';

/*
 * The public records of /api/v1: stable field names picked from the console's records (so one service
 * makes both), every time an ISO 8601 instant in UTC. A field is added here only on purpose: the console's
 * records may grow, this API's do not change under a client.
 */

const iso = (date: Date | string) => new Date(date).toISOString();
const isoOrNull = (date: Date | string | null | undefined) => (date ? iso(date) : null);
const instant = (example: string) => z.string().meta({ format: 'date-time', example });
const nullableInstant = (example: string) => z.string().nullable().meta({ format: 'date-time', example });
const id = (example: string) => z.uuid().meta({ example });

const PROPERTY_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const RUN_ID = '9b2e7c1a-4f0d-4d8e-a7a5-0c2a9f1e6b3d';
const CHECKLIST_ID = '1c7d2b9e-8a34-4f1b-9e2c-5d6a7b8c9d0e';
const MEMBER_ID = '6e5d4c3b-2a19-4876-b5c4-d3e2f1a0b9c8';

export const v1Property = z.object({
  id: id(PROPERTY_ID),
  name: z.string().meta({ example: 'Seaview Flat' }),
  address: z.string().meta({ example: '12 Harbour Road, Brighton' }),
  timezone: z.string().meta({ example: 'Europe/London' }),
  check_in_time: z.string().meta({ example: '15:00' }),
  checkout_time: z.string().meta({ example: '11:00' }),
  access_code: z.string().nullable(),
  notes: z.string().nullable(),
  default_assignee_id: z.uuid().nullable(),
  backup_assignee_id: z.uuid().nullable(),
  calendar_urls: z.array(z.string()),
  created_at: instant('2026-11-20T09:30:00.000Z'),
  updated_at: instant('2026-11-21T14:05:00.000Z'),
});

export function toV1Property(record: ReturnType<typeof toPropertyRecord>): z.output<typeof v1Property> {
  return {
    id: record.id,
    name: record.name,
    address: record.address,
    timezone: record.timezone,
    check_in_time: record.check_in_time,
    checkout_time: record.checkout_time,
    access_code: record.access_code,
    notes: record.notes,
    default_assignee_id: record.default_assignee_id,
    backup_assignee_id: record.backup_assignee_id,
    calendar_urls: record.calendar_urls,
    created_at: iso(record.created_at),
    updated_at: iso(record.updated_at),
  };
}

const v1ChecklistTask = z.object({
  id: z.uuid(),
  title: z.string().meta({ example: 'Strip and remake the beds' }),
  description: z.string().nullable(),
  required_media: z.number().int().meta({ description: 'Photos the cleaner must take', example: 1 }),
  section: z.string().nullable().meta({ example: 'Bedroom' }),
  order_index: z.number().int(),
});

export const v1Checklist = z.object({
  id: id(CHECKLIST_ID),
  property_id: id(PROPERTY_ID),
  name: z.string().meta({ example: 'Turnover' }),
  type: z.string().meta({ example: 'turnover' }),
  task_count: z.number().int(),
  created_at: instant('2026-11-20T09:31:00.000Z'),
  updated_at: instant('2026-11-20T09:31:00.000Z'),
});
export const v1ChecklistWithTasks = v1Checklist.extend({ tasks: z.array(v1ChecklistTask) });

export function toV1Checklist(record: ReturnType<typeof toChecklistRecord>) {
  return {
    id: record.id,
    property_id: record.property_id,
    name: record.name,
    type: record.type,
    task_count: record.tasks.length,
    created_at: iso(record.created_at),
    updated_at: iso(record.updated_at),
  };
}

export const toV1ChecklistWithTasks = (record: ReturnType<typeof toChecklistRecord>) => ({
  ...toV1Checklist(record),
  tasks: record.tasks.map(({ id, title, description, required_media, section, order_index }) => ({
    id,
    title,
    description,
    required_media,
    section,
    order_index,
  })),
});

const v1RunTask = z.object({
  id: z.uuid(),
  title: z.string().meta({ example: 'Strip and remake the beds' }),
  description: z.string().nullable(),
  required_media: z.number().int(),
  order_index: z.number().int(),
  checked: z.boolean(),
  checked_at: nullableInstant('2026-11-27T11:42:10.000Z'),
  comment: z.string().nullable(),
});

export const v1Run = z.object({
  id: id(RUN_ID),
  property_id: id(PROPERTY_ID),
  property_name: z.string().meta({ example: 'Seaview Flat' }),
  timezone: z.string().meta({ description: "The property's time zone", example: 'Europe/London' }),
  checklist_id: z.uuid().nullable().meta({ example: CHECKLIST_ID }),
  template_id: z.uuid().nullable(),
  name: z.string().meta({ description: 'The checklist or template the run was made from', example: 'Turnover' }),
  type: z.enum(RUN_KINDS),
  status: z.enum(RUN_STATUSES),
  source: z.string().meta({ description: 'manual, or calendar for a booking-calendar turnover', example: 'manual' }),
  due_at: nullableInstant('2026-11-28T15:00:00.000Z'),
  assigned_to: z.uuid().nullable().meta({ description: 'The team member doing the run', example: MEMBER_ID }),
  magic_link: z
    .string()
    .nullable()
    .meta({ description: "The cleaner's link; null once revoked", example: 'https://app.turnproof.example/r/Xk3…' }),
  link_revoked_at: nullableInstant('2026-11-28T16:00:00.000Z'),
  started_at: nullableInstant('2026-11-28T11:02:00.000Z'),
  ended_at: nullableInstant('2026-11-28T12:15:00.000Z'),
  created_at: instant('2026-11-27T10:00:00.000Z'),
  updated_at: instant('2026-11-27T10:00:00.000Z'),
  task_count: z.number().int().meta({ example: 18 }),
  completed_task_count: z.number().int().meta({ example: 0 }),
});
export const v1RunWithTasks = v1Run.extend({ tasks: z.array(v1RunTask) });

/** How many tasks a run has and how many are ticked. */
export interface TaskCounts {
  task_count: number;
  completed_task_count: number;
}

function publicRun(
  record: ReturnType<typeof toRunRecord>,
  updatedAt: Date,
  counts: TaskCounts,
): z.output<typeof v1Run> {
  return {
    id: record.id,
    property_id: record.property_id,
    property_name: record.property.name,
    timezone: record.property.timezone,
    checklist_id: record.checklist_id,
    template_id: record.template_id,
    name: record.checklist.name,
    type: record.type,
    status: record.status,
    source: record.source,
    due_at: isoOrNull(record.due_at),
    assigned_to: record.assigned_to,
    magic_link: record.magic_link,
    link_revoked_at: isoOrNull(record.link_revoked_at),
    started_at: isoOrNull(record.started_at),
    ended_at: isoOrNull(record.ended_at),
    created_at: iso(record.created_at),
    updated_at: iso(updatedAt),
    task_count: counts.task_count,
    completed_task_count: counts.completed_task_count,
  };
}

/** A run of a list: its task counts come counted, not as the tasks themselves. */
export const toV1Run = (run: Run, secretKey: string, counts: TaskCounts) =>
  publicRun(toRunRecord(run, secretKey, []), run.updated_at, counts);

/** One run with its tasks (populated, as findOwnedRun loads them). */
export function toV1RunWithTasks(run: Run, secretKey: string) {
  const record = toRunRecord(run, secretKey);
  return {
    ...publicRun(record, run.updated_at, record),
    tasks: record.tasks.map((task) => ({
      id: task.id,
      title: task.title,
      description: task.description,
      required_media: task.required_media,
      order_index: task.order_index,
      checked: task.checked,
      checked_at: isoOrNull(task.checked_at),
      comment: task.comment,
    })),
  };
}

export const v1Report = z.object({
  version: z.number().int().meta({ example: 1 }),
  status: z.enum(REPORT_STATUSES),
  file_name: z.string().nullable().meta({ example: 'turnproof-seaview-flat-2026-11-28.pdf' }),
  pdf_size: z.number().int().nullable(),
  generated_at: nullableInstant('2026-11-28T12:16:40.000Z'),
});

export const toV1Report = (record: {
  version: number;
  status: (typeof REPORT_STATUSES)[number];
  file_name: string | null;
  pdf_size: number | null;
  generated_at: Date | null;
}) => ({
  version: record.version,
  status: record.status,
  file_name: record.file_name,
  pdf_size: record.pdf_size,
  generated_at: isoOrNull(record.generated_at),
});
