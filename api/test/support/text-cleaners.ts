import { expect } from 'vitest';
import { smsSegments } from '@turnproof/platform/sms-length';
import { Browser } from './browser.ts';
import type { TestApi } from './test-api.ts';
import type { ReceivedText, TwilioApi } from './twilio-api.ts';

/**
 * A zone of fixed offset where it is now `hour` o'clock (Etc/GMT-3 is three hours ahead of UTC): texts about
 * a property there are held at night (21:00-08:00) and go at once by day, whatever the time of the test.
 */
export function zoneAtHour(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** The first link in a text. */
export const urlIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

/**
 * Cleaners on their phones as a test sees them through the local Twilio API: the texts a number got, a
 * member invited by text who joins, their signed replies and Twilio's signed delivery reports. Each test
 * file takes its own area code: the per-number hourly limit counts every owner's texts in the database.
 */
export function textCleaners(api: TestApi, twilioApi: TwilioApi, areaCode = '212') {
  let numbers = 100;
  const textsTo = (to: string) => twilioApi.received.filter((text) => text.to === to);

  async function nextText(to: string, pattern: RegExp, timeout = 15_000): Promise<ReceivedText> {
    let found: ReceivedText | undefined;
    await expect.poll(() => (found = textsTo(to).find((text) => pattern.test(text.body))), { timeout }).toBeDefined();
    return found!;
  }

  const signed = (path: string, params: Record<string, string>, signature?: string) =>
    twilioApi.postSigned(`${api.config.publicOrigin}/api/messaging/twilio/${path}`, params, signature);

  return {
    /** A number no other test of the run texts: what the local Twilio API received for it is this test's. */
    nextNumber: () => `+1${areaCode}555${String(numbers++).padStart(4, '0')}`,
    textsTo,
    nextText,
    /** A cleaner on a phone (an address too when given), invited by text in their language, who joins with its link. */
    async textedMember(
      owner: Browser,
      member: {
        name: string;
        phone: string;
        notify_by: 'sms' | 'whatsapp';
        email?: string;
        language?: 'en' | 'es' | 'fr';
      },
    ) {
      const added = await owner.post('/api/team', { role: 'Cleaner', ...member });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const to = member.notify_by === 'whatsapp' ? `whatsapp:${member.phone}` : member.phone;
      const invitation = await nextText(to, /Turnproof/);
      const link = new URL(urlIn(invitation.body));
      const accepted = await new Browser(api.baseUrl).post(link.pathname, { token: link.searchParams.get('token') });
      expect(accepted.status).toBe(200);
      return added.body as { id: string; name: string; phone: string };
    },
    /** A reply to the inbound webhook as Twilio would send it, signed with the account's token. */
    reply: (from: string, body: string, signature?: string) =>
      signed('inbound', { From: from, To: '+15005550006', Body: body, AccountSid: twilioApi.accountSid }, signature),
    /** Twilio's delivery report of a text it sent. */
    report: (text: Pick<ReceivedText, 'sid'>, status: string, errorCode?: string) =>
      signed('status', {
        MessageSid: text.sid,
        MessageStatus: status,
        AccountSid: twilioApi.accountSid,
        ...(errorCode && { ErrorCode: errorCode }),
      }),
  };
}

/** A text a cleaner reads in one or two SMS segments, as the issue asks. */
export function expectShort(text: ReceivedText) {
  expect(smsSegments(text.body), text.body).toBeLessThanOrEqual(2);
}
