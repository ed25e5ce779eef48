import type { EntityManager } from '@mikro-orm/postgresql';
import { Alert, Media, WorkOrder } from '@turnproof/db';
import { hashToken } from '../auth/secret-tokens.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { type MediaLinks, signedMediaUrl } from '../public/public-run-view.ts';
import { fixPhotosOf, toWorkOrderData } from './work-order-service.ts';
import { workOrderMessages } from './work-order-input.ts';

/**
 * The work order a vendor link's token opens: unknown 404, revoked 410. Only the token's SHA-256 is
 * stored, so the look-up compares digests.
 */
export async function workOrderForToken(em: EntityManager, token: string | undefined): Promise<WorkOrder> {
  if (!token || token.length > 200) throw notFound(workOrderMessages.linkInvalid);
  const order = await em.findOne(WorkOrder, { token_hash: hashToken(token) }, { populate: ['property'] });
  if (!order) throw notFound(workOrderMessages.linkInvalid);
  if (order.link_revoked_at) throw new HttpError(410, workOrderMessages.linkRevoked);
  return order;
}

/** The vendor's first look moves an open order to in progress (the host's list shows it was opened). */
export async function noteOpened(em: EntityManager, order: WorkOrder): Promise<void> {
  if (order.status !== 'open') return;
  await em.nativeUpdate(WorkOrder, { id: order.id, status: 'open' }, { status: 'in_progress' });
  order.status = 'in_progress';
}

/** The issue the order fixes, as the vendor needs it: what the cleaner wrote, and their photos. */
async function issueOf(em: EntityManager, issueId: string | null | undefined, links: MediaLinks) {
  if (!issueId) return null;
  const issue = await em.findOne(Alert, { id: issueId }, { populate: ['run_task'] });
  if (!issue) return null;
  const photos = await em.find(
    Media,
    { alert: issue.id, status: 'confirmed', type: 'photo' },
    { orderBy: { created_at: 'asc' } },
  );
  return {
    description: issue.description,
    severity: issue.severity,
    task_title: issue.run_task?.title ?? null,
    reported_at: issue.created_at.toISOString(),
    photos: photos.map((photo) => ({
      url: signedMediaUrl(links, photo.path),
      thumbnail_url: signedMediaUrl(links, photo.thumbnail_path ?? photo.path),
    })),
  };
}

/** What the vendor sees through the link: the job, the property, the issue, and what they reported. */
export async function toVendorView(em: EntityManager, order: WorkOrder, links: MediaLinks) {
  return {
    work_order: {
      ...toWorkOrderData(order),
      property: { name: order.property.name, address: order.property.address, timezone: order.property.timezone },
      issue: await issueOf(em, order.issue_id, links),
      photos: await fixPhotosOf(em, order.id, links),
    },
  };
}
