import { createTextSender, TextRefused } from '@turnproof/platform/twilio-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_NUMBER, startTwilioApi, type TwilioApi } from '../support/twilio-api.ts';

// The official `twilio` library against a local server speaking Twilio's Messages API.
let api: TwilioApi;
beforeAll(async () => {
  api = await startTwilioApi();
});
afterAll(() => api.close());

const unset = {
  TWILIO_ACCOUNT_SID: undefined,
  TWILIO_AUTH_TOKEN: undefined,
  TWILIO_FROM_NUMBER: undefined,
  TWILIO_MESSAGING_SERVICE_SID: undefined,
  TWILIO_WHATSAPP_FROM: undefined,
  TWILIO_API_URL: undefined,
  SECRET_KEY: 'a-test-secret-key-of-enough-length',
};

describe('text messages through Twilio', () => {
  it('is off without an account, a token and a sender', () => {
    expect(createTextSender(unset)).toBeNull();
    expect(
      createTextSender({ ...unset, TWILIO_ACCOUNT_SID: api.accountSid, TWILIO_AUTH_TOKEN: api.authToken }),
    ).toBeNull();
    expect(createTextSender({ ...unset, ...api.env, TWILIO_AUTH_TOKEN: undefined })).toBeNull();
  });

  it('sends an SMS from the configured number, with its status callback, and answers the message SID', async () => {
    const sender = createTextSender({ ...unset, ...api.env })!;
    expect(sender.channels).toEqual(['sms', 'whatsapp']);
    const sent = await sender.send({
      channel: 'sms',
      to: '+12125550100',
      body: 'Turnover at Beach House, due Sat 11:00: https://turnproof.test/r/abc',
      statusCallback: 'https://turnproof.test/api/messaging/twilio/status',
    });
    expect(sent.status).toBe('queued');
    expect(api.received.at(-1)).toEqual({
      sid: sent.sid,
      to: '+12125550100',
      from: '+15005550006',
      messagingServiceSid: null,
      body: 'Turnover at Beach House, due Sat 11:00: https://turnproof.test/r/abc',
      statusCallback: 'https://turnproof.test/api/messaging/twilio/status',
    });
  });

  it('sends from a Messaging Service when one is configured', async () => {
    const sender = createTextSender({ ...unset, ...api.env, TWILIO_MESSAGING_SERVICE_SID: `MG${'1'.repeat(32)}` })!;
    await sender.send({ channel: 'sms', to: '+12125550101', body: 'Hello' });
    expect(api.received.at(-1)).toMatchObject({
      to: '+12125550101',
      from: null,
      messagingServiceSid: `MG${'1'.repeat(32)}`,
    });
  });

  it("prefixes both numbers with 'whatsapp:' on WhatsApp", async () => {
    const sender = createTextSender({ ...unset, ...api.env })!;
    await sender.send({ channel: 'whatsapp', to: '+34600111222', body: 'Hola' });
    expect(api.received.at(-1)).toMatchObject({ to: 'whatsapp:+34600111222', from: 'whatsapp:+14155238886' });
  });

  it('has no WhatsApp channel without a WhatsApp sender, and refuses to send on it', async () => {
    const sender = createTextSender({ ...unset, ...api.env, TWILIO_WHATSAPP_FROM: undefined })!;
    expect(sender.channels).toEqual(['sms']);
    await expect(sender.send({ channel: 'whatsapp', to: '+34600111222', body: 'Hola' })).rejects.toThrow(TextRefused);
  });

  it("reports Twilio's refusal of a bad number as final (for the e-mail fallback), with Twilio's code", async () => {
    const sender = createTextSender({ ...unset, ...api.env })!;
    const refusal = await sender.send({ channel: 'sms', to: INVALID_NUMBER, body: 'Hello' }).catch((error) => error);
    expect(refusal).toBeInstanceOf(TextRefused);
    expect(refusal).toMatchObject({ twilioCode: 21211 });
    expect(refusal.message).toContain('is not a valid phone number');
  });

  it("leaves Twilio's own trouble (5xx) to the activity's retry: not a refusal", async () => {
    const sender = createTextSender({ ...unset, ...api.env })!;
    api.failNext(503);
    const trouble = await sender.send({ channel: 'sms', to: '+12125550100', body: 'Hello' }).catch((error) => error);
    expect(trouble).toBeInstanceOf(Error);
    expect(trouble).not.toBeInstanceOf(TextRefused);
  });

  it('does not send with a wrong auth token', async () => {
    const sender = createTextSender({ ...unset, ...api.env, TWILIO_AUTH_TOKEN: 'wrong' })!;
    const before = api.received.length;
    await expect(sender.send({ channel: 'sms', to: '+12125550100', body: 'Hello' })).rejects.toThrow(TextRefused);
    expect(api.received.length).toBe(before);
  });
});
