import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Alert, WorkOrder, WorkOrderPhoto, type WorkOrderStatus } from '@turnproof/db';
import { newMagicLink, decryptLink } from '@turnproof/platform/magic-link';
import { recordWebhookEvent } from '@turnproof/platform/webhooks';
import { notifyVendor, overCostLimit, type WorkOrderNoticeDeps } from '@turnproof/platform/work-order-notices';
import type { Logger } from 'pino';
import type { AppDeps } from '../app-deps.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { enqueueWorkOrder } from '../outbox/outbox-writes.ts';
import { findOwnedProperty } from '../properties/property-service.ts';
import { signedMediaUrl, type MediaLinks } from '../public/public-run-view.ts';
import { type CreateWorkOrderInput, workOrderMessages } from './work-order-input.ts';

/** The vendor is reminded this long before the due time. */
export const REMIND_VENDOR_BEFORE_MS = 24 * 60 * 60 * 1000;

/** What webhooks and /api/v1 say of a work order: no link, no vendor contact details. */
export function toWorkOrderData(order: WorkOrder) {
  return {
    id: order.id,
    property_id: order.property.id,
    issue_id: order.issue_id ?? null,
    title: order.title,
    description: order.description ?? null,
    vendor_name: order.vendor_name,
    status: order.status,
    due_at: order.due_at?.toISOString() ?? null,
    cost_limit_cents: order.cost_limit_cents ?? null,
    cost_cents: order.cost_cents ?? null,
    /** Done at a cost over the limit: it waits for the owner's approval. */
    awaiting_approval: order.status === 'done' && overCostLimit(order),
    completion_note: order.completion_note ?? null,
    completed_at: order.completed_at?.toISOString() ?? null,
    approved_at: order.approved_at?.toISOString() ?? null,
    sent_back_note: order.sent_back_note ?? null,
    created_at: order.created_at.toISOString(),
  };
}

/** The host's view: the data plus the vendor's contacts, the link to copy again, and the property's name and zone. */
export function toWorkOrderRecord(order: WorkOrder, secretKey: string) {
  return {
    ...toWorkOrderData(order),
    property_name: order.property.name,
    timezone: order.property.timezone,
    vendor_email: order.vendor_email ?? null,
    vendor_phone: order.vendor_phone ?? null,
    vendor_link: decryptLink(secretKey, order.link_encrypted),
    link_revoked_at: order.link_revoked_at?.toISOString() ?? null,
  };
}

/** Photos of the fix, through short-lived signed links. */
export async function fixPhotosOf(em: EntityManager, workOrderId: string, links: MediaLinks) {
  const photos = await em.find(WorkOrderPhoto, { work_order: workOrderId }, { orderBy: { created_at: 'asc' } });
  return photos.map((photo) => ({
    id: photo.id,
    url: signedMediaUrl(links, photo.path),
    thumbnail_url: signedMediaUrl(links, photo.thumbnail_path ?? photo.path),
  }));
}

/** One of the owner's work orders; another owner's id is not found. */
export async function findOwnedWorkOrder(em: EntityManager, ownerId: string, id: string): Promise<WorkOrder> {
  const order = await em.findOne(WorkOrder, { id, owner: ownerId }, { populate: ['property'] });
  if (!order) throw notFound(workOrderMessages.notFound);
  return order;
}

export function workOrderWhere(
  ownerId: string,
  filter: {
    id?: string | string[];
    property_id?: string;
    issue_id?: string;
    status?: WorkOrderStatus | WorkOrderStatus[];
  } = {},
): FilterQuery<WorkOrder> {
  const where: FilterQuery<WorkOrder> & Record<string, unknown> = { owner: ownerId };
  if (filter.id) where.id = { $in: [filter.id].flat() };
  if (filter.property_id) where.property = filter.property_id;
  if (filter.issue_id) where.issue_id = filter.issue_id;
  if (filter.status) where.status = { $in: [filter.status].flat() };
  return where;
}

/** The issue a work order fixes must be the owner's and reported at the same property. */
async function assertIssueAt(em: EntityManager, ownerId: string, issueId: string, propertyId: string) {
  const issue = await em.findOne(
    Alert,
    { id: issueId, kind: 'issue', run: { property: { owner: ownerId } } },
    { populate: ['run'] },
  );
  if (!issue) throw notFound(workOrderMessages.issueNotFound);
  if (issue.run.property.id !== propertyId) throw badRequest(workOrderMessages.issueElsewhere);
}

/** Sends a vendor notice after the change is kept; a mail server's trouble is logged, the host can copy the link. */
export async function noticeVendor(
  deps: WorkOrderNoticeDeps & { logger: Logger },
  em: EntityManager,
  workOrderId: string,
  kind: Parameters<typeof notifyVendor>[3],
) {
  await notifyVendor(deps, em.fork(), workOrderId, kind).catch((error: unknown) =>
    deps.logger.warn({ err: error, workOrderId, kind }, 'work order: vendor notice failed'),
  );
}

/**
 * Makes the work order with its vendor link (a 256-bit token, only its digest stored), announces it to the
 * owner's webhooks and, with a due time, starts its reminders, all in one transaction; then sends the vendor
 * the link by e-mail and text.
 */
export async function createWorkOrder(deps: AppDeps, em: EntityManager, ownerId: string, input: CreateWorkOrderInput) {
  const property = await findOwnedProperty(em, ownerId, input.property_id);
  if (input.issue_id) await assertIssueAt(em, ownerId, input.issue_id, property.id);
  const { tokenHash, linkEncrypted } = newMagicLink(deps.config.publicOrigin, deps.config.SECRET_KEY, 'w');
  const order = await em.transactional(async (tx) => {
    const created = tx.create(WorkOrder, {
      owner: ownerId,
      property,
      issue_id: input.issue_id ?? null,
      title: input.title,
      description: input.description,
      vendor_name: input.vendor_name,
      vendor_email: input.vendor_email ?? null,
      vendor_phone: input.vendor_phone ?? null,
      due_at: input.due_at,
      cost_limit_cents: input.cost_limit_cents ?? null,
      token_hash: tokenHash,
      link_encrypted: linkEncrypted,
    });
    await tx.flush();
    await recordWebhookEvent(tx, ownerId, 'work_order.created', { work_order: toWorkOrderData(created) });
    if (created.due_at) {
      await enqueueWorkOrder(tx, {
        taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
        input: {
          workOrderId: created.id,
          dueAt: created.due_at.toISOString(),
          remindBeforeMs: REMIND_VENDOR_BEFORE_MS,
        },
      });
    }
    return created;
  });
  deps.outbox.nudge();
  await noticeVendor(deps, em, order.id, 'link');
  return order;
}

/**
 * Moves a done work order on (approved, or back to the vendor) only from `done`, in one statement, so
 * two clicks never approve twice; the change and its webhook event are written together.
 */
async function settle(
  em: EntityManager,
  ownerId: string,
  id: string,
  change: Partial<Pick<WorkOrder, 'status' | 'approved_at' | 'sent_back_note' | 'sent_back_at' | 'completed_at'>>,
  event: 'work_order.approved' | null,
) {
  const order = await findOwnedWorkOrder(em, ownerId, id);
  await em.transactional(async (tx) => {
    const changed = await tx.nativeUpdate(WorkOrder, { id: order.id, status: 'done' }, change);
    if (changed === 0) throw conflict(workOrderMessages.notDone);
    if (event) {
      const updated = await tx.findOneOrFail(WorkOrder, { id: order.id }, { populate: ['property'], refresh: true });
      await recordWebhookEvent(tx, ownerId, event, { work_order: toWorkOrderData(updated) });
    }
  });
  return findOwnedWorkOrder(em.fork(), ownerId, id);
}

/** The host accepts the vendor's work and its cost (also a cost over the limit). */
export function approveWorkOrder(em: EntityManager, ownerId: string, id: string) {
  return settle(em, ownerId, id, { status: 'approved', approved_at: new Date() }, 'work_order.approved');
}

/** The host sends the work back with a note: the vendor's link opens it again. */
export async function sendBackWorkOrder(deps: AppDeps, em: EntityManager, ownerId: string, id: string, note: string) {
  const order = await settle(
    em,
    ownerId,
    id,
    { status: 'in_progress', sent_back_note: note, sent_back_at: new Date(), completed_at: null },
    null,
  );
  await noticeVendor(deps, em, order.id, 'sent_back');
  return order;
}

/** The vendor link stops working (410) at once. */
export async function revokeWorkOrderLink(em: EntityManager, ownerId: string, id: string) {
  const order = await findOwnedWorkOrder(em, ownerId, id);
  if (!order.link_revoked_at) {
    order.link_revoked_at = new Date();
    await em.flush();
  }
  return order;
}
