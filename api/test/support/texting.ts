import { expect } from 'vitest';
import { Browser, type signedInOwner } from './browser.ts';
import type { TestApi } from './test-api.ts';
import type { TwilioApi } from './twilio-api.ts';

/**
 * A zone of fixed offset where it is now `hour` o'clock (Etc/GMT-3 is three hours ahead of UTC): texts about
 * a property there are held at night (21:00-08:00) and go at once by day, whatever the time of the test.
 */
export function zoneAtHour(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * What a test of texts to cleaners does with the local Twilio API: fresh numbers (one test file's own
 * range, since the per-number hourly limit counts every owner's texts in the database), the texts a
 * number got, and Twilio's signed webhooks (a reply, a delivery report).
 */
export function texting(api: TestApi, twilioApi: TwilioApi, areaCode = '212') {
  let numbers = 100;
  const textsTo = (to: string) => twilioApi.received.filter((text) => text.to === to);
  async function nextText(to: string, pattern: RegExp, timeout = 15_000) {
    let found: (typeof twilioApi.received)[number] | undefined;
    await expect.poll(() => (found = textsTo(to).find((text) => pattern.test(text.body))), { timeout }).toBeDefined();
    return found!;
  }
  return {
    nextNumber: () => `+1${areaCode}555${String(numbers++).padStart(4, '0')}`,
    /** The texts the local Twilio API got for a number, oldest first. */
    textsTo,
    /** The first text to the number matching the pattern, waiting for it. */
    nextText,
    /** A cleaner invited by text (SMS or WhatsApp), who joins with the link in it. */
    async joinedMember(
      owner: Awaited<ReturnType<typeof signedInOwner>>,
      member: { name: string; phone: string; notify_by: 'sms' | 'whatsapp'; email?: string },
    ) {
      const added = await owner.post('/api/team', { role: 'Cleaner', ...member });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const to = member.notify_by === 'whatsapp' ? `whatsapp:${member.phone}` : member.phone;
      const invitation = await nextText(to, /invited you to their Turnproof team/);
      const link = new URL(/https?:\/\/\S+/.exec(invitation.body)?.[0] ?? '');
      const accepted = await new Browser(api.baseUrl).post(link.pathname, { token: link.searchParams.get('token') });
      expect(accepted.status).toBe(200);
      return added.body as { id: string; name: string; phone: string };
    },
    /** POSTs a reply to the inbound webhook as Twilio would, signed with the account's token. */
    reply(from: string, body: string, signature?: string) {
      const url = `${api.config.publicOrigin}/api/messaging/twilio/inbound`;
      return twilioApi.postSigned(
        url,
        { From: from, To: '+15005550006', Body: body, AccountSid: twilioApi.accountSid },
        signature,
      );
    },
    /** Twilio's delivery report of a message it sent, signed. */
    deliveryReport(sid: string, status: string, errorCode?: string) {
      const url = `${api.config.publicOrigin}/api/messaging/twilio/status`;
      return twilioApi.postSigned(url, {
        MessageSid: sid,
        MessageStatus: status,
        AccountSid: twilioApi.accountSid,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      });
    },
  };
}
