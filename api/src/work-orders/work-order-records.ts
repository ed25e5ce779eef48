import { WORK_ORDER_STATUSES } from '@turnproof/db';
import { z } from 'zod';

/** A work order as webhooks and /api/v1 carry it (no link, no vendor contacts). */
export const workOrderData = z.object({
  id: z.uuid(),
  property_id: z.uuid(),
  issue_id: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  vendor_name: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  due_at: z.string().nullable(),
  cost_limit_cents: z.number().int().nullable(),
  cost_cents: z.number().int().nullable(),
  awaiting_approval: z.boolean(),
  completion_note: z.string().nullable(),
  completed_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  sent_back_note: z.string().nullable(),
  created_at: z.string(),
});

const photo = z.object({ id: z.uuid(), url: z.string(), thumbnail_url: z.string() });

/** The host's record: the data, the vendor's contacts, the link to copy again, the photos of the fix. */
export const workOrderRecord = workOrderData.extend({
  property_name: z.string(),
  timezone: z.string(),
  vendor_email: z.string().nullable(),
  vendor_phone: z.string().nullable(),
  vendor_link: z.string(),
  link_revoked_at: z.string().nullable(),
  photos: z.array(photo).optional(),
});

/** GET /api/public/work-order: what the vendor's link shows (no vendor contacts, no link). */
export const vendorView = z.object({
  work_order: workOrderData.extend({
    property: z.object({ name: z.string(), address: z.string(), timezone: z.string() }),
    issue: z
      .object({
        description: z.string(),
        severity: z.string(),
        task_title: z.string().nullable(),
        reported_at: z.string(),
        photos: z.array(photo.omit({ id: true })),
      })
      .nullable(),
    photos: z.array(photo),
  }),
});
