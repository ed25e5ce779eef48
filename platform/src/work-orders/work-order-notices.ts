import type { EntityManager } from '@mikro-orm/postgresql';
import { consoleWorkOrderUrl, type Config } from '@turnproof/config';
import { formatDateTime } from '@turnproof/config/time-format';
import { User, WorkOrder } from '@turnproof/db';
import { hostLanguage } from '../mail/index.ts';
import { decryptLink } from '../magic-link.ts';
import type { MailMessage, Mailer } from '../mailer.ts';
import { sendTextOnce } from '../messaging/send-text-once.ts';
import { textStatusCallback } from '../messaging/text-route.ts';
import type { TextSender } from '../messaging/twilio-messages.ts';
import { ownerDisplayName } from '../owner-name.ts';
import {
  completedMail,
  overdueMail,
  vendorMail,
  type VendorNotice,
  type WorkOrderMailFacts,
} from './work-order-mails.tsx';

export interface WorkOrderNoticeDeps {
  config: Pick<Config, 'SECRET_KEY' | 'publicOrigin'>;
  mailer: Mailer;
  texts: TextSender | null;
}

/** Still the vendor's to do: not finished, and its link not revoked. */
const stillOpen = (order: WorkOrder) =>
  (order.status === 'open' || order.status === 'in_progress') && !order.link_revoked_at;

export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function factsOf(em: EntityManager, order: WorkOrder, link: string): Promise<WorkOrderMailFacts> {
  await em.populate(order, ['property']);
  return {
    title: order.title,
    description: order.description ?? null,
    propertyName: order.property.name,
    address: order.property.address,
    ownerName: await ownerDisplayName(em, order.owner.id),
    vendorName: order.vendor_name,
    due: order.due_at ? formatDateTime(order.due_at, order.property.timezone) : null,
    link,
  };
}

/**
 * Sends the vendor the work order's link by e-mail and, when a phone is given and this server texts, by
 * SMS (the texts' guards apply: quiet hours, allowance). Each text goes once per order and kind; answers
 * false when the order is no longer the vendor's to do (done, approved, revoked) and nothing was sent.
 */
export async function notifyVendor(
  deps: WorkOrderNoticeDeps,
  em: EntityManager,
  workOrderId: string,
  kind: VendorNotice,
): Promise<boolean> {
  const order = await em.findOne(WorkOrder, { id: workOrderId });
  if (!order || !stillOpen(order)) return false;
  const link = decryptLink(deps.config.SECRET_KEY, order.link_encrypted);
  const facts = await factsOf(em, order, link);
  const language = await hostLanguage(em, order.owner.id);
  if (order.vendor_phone && deps.texts) {
    const lead = { link: `${facts.ownerName}: work order`, reminder: 'Reminder', sent_back: 'Sent back' }[kind];
    await sendTextOnce(em, deps.texts, {
      // Once per notice; a send-back may come again, so its key carries when it happened.
      key: `work-order/${order.id}/${kind}/${kind === 'sent_back' ? order.sent_back_at?.getTime() : order.token_hash.slice(0, 16)}/sms`,
      ownerId: order.owner.id,
      runId: null,
      teamMemberId: null,
      notice: `work_order_${kind}`,
      channel: 'sms',
      to: order.vendor_phone,
      body: `${lead} "${order.title}" at ${facts.propertyName}: ${link}`,
      asksReply: false,
      statusCallback: textStatusCallback(deps.config.publicOrigin),
    });
  }
  if (order.vendor_email) {
    const note = kind === 'sent_back' ? order.sent_back_note : null;
    await deps.mailer.send(vendorMail(order.vendor_email, kind, { ...facts, note }, language));
  }
  return true;
}

/** The host's mail about one of their work orders, in their language, pointing at its console page. */
async function mailHost(
  deps: WorkOrderNoticeDeps,
  em: EntityManager,
  order: WorkOrder,
  write: (to: string, facts: WorkOrderMailFacts, language: Awaited<ReturnType<typeof hostLanguage>>) => MailMessage,
) {
  const host = await em.findOneOrFail(User, { id: order.owner.id });
  const facts = await factsOf(em, order, consoleWorkOrderUrl(deps.config.publicOrigin, order.id));
  await deps.mailer.send(write(host.email, facts, await hostLanguage(em, host.id)));
}

/** Tells the host that a work order passed its due time unfinished; false (no mail) once it is done. */
export async function notifyHostOverdue(deps: WorkOrderNoticeDeps, em: EntityManager, workOrderId: string) {
  const order = await em.findOne(WorkOrder, { id: workOrderId });
  if (!order || !stillOpen(order)) return false;
  await mailHost(deps, em, order, overdueMail);
  return true;
}

/** Tells the host the vendor finished, with the cost, and whether it waits for their approval. */
export async function notifyHostCompleted(deps: WorkOrderNoticeDeps, em: EntityManager, order: WorkOrder) {
  const cost = {
    amount: formatCents(order.cost_cents ?? 0),
    overLimit: overCostLimit(order) ? formatCents(order.cost_limit_cents!) : null,
  };
  await mailHost(deps, em, order, (to, facts, language) => completedMail(to, facts, cost, language));
}

/** A cost above the order's limit needs the host's approval before the order is settled. */
export const overCostLimit = (order: Pick<WorkOrder, 'cost_cents' | 'cost_limit_cents'>) =>
  order.cost_limit_cents != null && order.cost_cents != null && order.cost_cents > order.cost_limit_cents;
