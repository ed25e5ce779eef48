import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { User } from './accounts.ts';
import { createdAt, updatedAt, uuidPrimaryKey } from './common.ts';
import { Property } from './properties.ts';

/**
 * Where a work order stands: sent to the vendor (open), opened by them (in_progress), finished by them
 * (done), accepted by the host (approved). Sent back with a note, it is in_progress again.
 */
export const WORK_ORDER_STATUSES = ['open', 'in_progress', 'done', 'approved'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/**
 * A repair a host sends to an outside vendor, often from a cleaner's issue. The vendor works it through a
 * magic link of its own (the runs' rules: only the token's SHA-256 is stored, the link sealed with SECRET_KEY).
 */
export const WorkOrder = defineEntity({
  name: 'WorkOrder',
  tableName: 'work_orders',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade').index(),
    property: () => p.manyToOne(Property).deleteRule('cascade').index(),
    /**
     * The issue (an alerts row) it fixes. A plain column (its foreign key, on delete set null, is in the
     * migration), as Alert's follow_up_run_id: a relation to Alert makes the inferred types too long for tsc.
     */
    issue_id: p.uuid().nullable().index(),
    title: p.string(),
    description: p.text().nullable(),
    vendor_name: p.string(),
    vendor_email: p.string().nullable(),
    vendor_phone: p.string().nullable(),
    due_at: p.datetime().nullable(),
    /** Above this cost the host must approve before the work order counts as settled. */
    cost_limit_cents: p.integer().nullable(),
    status: p.enum(WORK_ORDER_STATUSES).default('open'),
    /** What the vendor reported when done. */
    completion_note: p.text().nullable(),
    cost_cents: p.integer().nullable(),
    completed_at: p.datetime().nullable(),
    approved_at: p.datetime().nullable(),
    /** The host's note when sending the work back. */
    sent_back_note: p.text().nullable(),
    sent_back_at: p.datetime().nullable(),
    token_hash: p.string().unique(),
    link_encrypted: p.text(),
    link_revoked_at: p.datetime().nullable(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
});

export type WorkOrder = InferEntity<typeof WorkOrder>;

/** A photo of the fix, uploaded by the vendor through the link (stored under `work-orders/{id}/`). */
export const WorkOrderPhoto = defineEntity({
  name: 'WorkOrderPhoto',
  tableName: 'work_order_photos',
  properties: {
    id: uuidPrimaryKey(),
    work_order: () => p.manyToOne(WorkOrder).deleteRule('cascade').index(),
    path: p.text().unique(),
    thumbnail_path: p.text().nullable(),
    content_type: p.string(),
    size: p.integer(),
    created_at: createdAt(),
  },
});

export type WorkOrderPhoto = InferEntity<typeof WorkOrderPhoto>;

/** Vendor action ids already applied (the runner's processed_actions, for work orders): a retry applies once. */
export const WorkOrderAction = defineEntity({
  name: 'WorkOrderAction',
  tableName: 'work_order_actions',
  properties: {
    action_id: p.string().primary(),
    work_order: () => p.manyToOne(WorkOrder).deleteRule('cascade'),
    kind: p.string(),
    response: p.json<unknown>().nullable(),
    created_at: createdAt(),
  },
});

export type WorkOrderAction = InferEntity<typeof WorkOrderAction>;
