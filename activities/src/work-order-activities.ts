import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mailer } from '@turnproof/platform/mailer';
import type { TextSender } from '@turnproof/platform/twilio-messages';
import { notifyHostOverdue, notifyVendor } from '@turnproof/platform/work-order-notices';
import { sendOnce } from './send-once.ts';

export interface WorkOrderActivityDeps {
  orm: MikroORM;
  mailer: Mailer;
  texts: TextSender | null;
  publicOrigin: string;
  secretKey: string;
}

/** The reminders of a work order's workflow; each mail goes once per order even when the activity is retried. */
export function createWorkOrderActivities(deps: WorkOrderActivityDeps) {
  const config = { SECRET_KEY: deps.secretKey, publicOrigin: deps.publicOrigin };
  const mailOnce = (key: string): Mailer => ({
    send: async (message) => {
      await sendOnce(deps.orm, deps.mailer, key, message);
    },
  });
  return {
    /** Reminds the vendor before the due time; false when the order is finished or revoked (nothing sent). */
    async remindWorkOrderVendor(workOrderId: string): Promise<boolean> {
      const mailer = mailOnce(`work-order/${workOrderId}/reminder`);
      return notifyVendor({ config, mailer, texts: deps.texts }, deps.orm.em.fork(), workOrderId, 'reminder');
    },
    /** Tells the host the due time passed with the work unfinished; false when it was finished in time. */
    async alertWorkOrderOverdue(workOrderId: string): Promise<boolean> {
      const mailer = mailOnce(`work-order/${workOrderId}/overdue`);
      return notifyHostOverdue({ config, mailer, texts: deps.texts }, deps.orm.em.fork(), workOrderId);
    },
  };
}
