import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { startTwilioApi, type TwilioApi } from '../support/twilio-api.ts';

let twilioApi: TwilioApi;
let api: TestApi;

beforeAll(async () => {
  twilioApi = await startTwilioApi();
  api = await startTestApi({ env: twilioApi.env });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await twilioApi?.close();
});

/** POSTs a form to the inbound webhook as Twilio would, signed (or with the signature given). */
async function reply(from: string, body: string, signature?: string) {
  const url = `${api.config.publicOrigin}/api/messaging/twilio/inbound`;
  return twilioApi.postSigned(
    url,
    {
      From: from,
      To: '+15005550006',
      Body: body,
      MessageSid: `SM${Date.now()}`,
      AccountSid: twilioApi.accountSid,
    },
    signature,
  );
}

describe("a cleaner's text reply", () => {
  it('is refused (403) without a valid Twilio signature', async () => {
    const forged = await reply('+12125550100', '1', 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.text)).toMatchObject({ error: 'This request is not signed by Twilio.' });
  });

  it('answers that nothing waits for an answer when no question was texted to the number', async () => {
    const answer = await reply('+12125550199', 'YES');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(
      '<Message>There is no turnover waiting for your answer. Reply HELP for help.</Message>',
    );
  });
});
