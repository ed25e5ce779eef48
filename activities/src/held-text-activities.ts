import type { MikroORM } from '@mikro-orm/postgresql';
import { releaseHeldTexts } from '@turnproof/platform/held-texts';
import type { TextSender } from '@turnproof/platform/twilio-messages';

/** The texts quiet hours held, sent when their 08:00 comes (the schedule's `heldTextsRelease`). */
export function createHeldTextActivities(deps: { orm: MikroORM; texts: TextSender | null; publicOrigin: string }) {
  return {
    async sendHeldTexts(): Promise<{ sent: number }> {
      // Without Twilio nothing was held (texts are off); one set up later finds any old ones.
      if (!deps.texts) return { sent: 0 };
      return { sent: await releaseHeldTexts(deps.orm.em.fork(), deps.texts, deps.publicOrigin) };
    },
  };
}
