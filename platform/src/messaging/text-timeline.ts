import type { TimelineMessage } from '../run-timeline.ts';
import type { TextRefusal } from './send-text-once.ts';

/** 'Link to Ana held by quiet hours': it is texted at 08:00 where the property is. */
export const linkTextHeld = (cleaner: string): TimelineMessage => ({
  code: 'link_text_held',
  params: { cleaner },
  detail: `Link to ${cleaner} held for the night: it is texted at 08:00 (property time).`,
});

/**
 * Why the link was not texted: a guard's reason (the month's allowance, the number's hourly limit) with
 * its numbers, or Twilio's own words.
 */
export const linkTextRefused = (cleaner: string, outcome: TextRefusal): TimelineMessage =>
  outcome.code && outcome.params
    ? {
        code: `link_${outcome.code}`,
        params: { cleaner, ...outcome.params },
        detail: `Link not texted to ${cleaner}: ${outcome.refused}`,
      }
    : {
        code: 'link_text_refused',
        params: { cleaner, reason: outcome.refused },
        detail: `Text to ${cleaner} refused by Twilio: ${outcome.refused}`,
      };
