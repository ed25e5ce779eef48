import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/** A message as the local Twilio API received it (its form fields, as Twilio's own API reads them). */
export interface ReceivedText {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

const ACCOUNT_SID = `AC${'0'.repeat(31)}1`;
const AUTH_TOKEN = 'turnproof-test-twilio-token';
/** Twilio's own test number for "this 'To' is not a valid phone number" (error 21211). */
export const INVALID_NUMBER = '+15005550001';
const MESSAGES_PATH = new RegExp(`^/2010-04-01/Accounts/${ACCOUNT_SID}/Messages\\.json$`);

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function answer(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A real HTTP server that speaks the part of Twilio's REST API Turnproof uses: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with Basic auth (the account SID and auth token) and
 * form-encoded To, From or MessagingServiceSid, Body and StatusCallback, answered 201 with a message SID;
 * Twilio's error bodies for a missing 'To' (21604) and an invalid one (21211). `env` points the API and
 * worker at it. `failNext(status)` makes the next send fail as Twilio would under trouble.
 */
export async function startTwilioApi() {
  const received: ReceivedText[] = [];
  const failures: number[] = [];
  const server = createServer(async (request, response) => {
    const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      answer(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
      return;
    }
    if (request.method !== 'POST' || !MESSAGES_PATH.test(request.url ?? '')) {
      answer(response, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      return;
    }
    const form = await formOf(request);
    const failure = failures.shift();
    if (failure) {
      answer(response, failure, { code: 20500, message: 'An internal server error has occurred', status: failure });
      return;
    }
    const to = form.get('To');
    if (!to) {
      answer(response, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
      return;
    }
    if (to.replace(/^whatsapp:/, '') === INVALID_NUMBER) {
      answer(response, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
      return;
    }
    const text: ReceivedText = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from: form.get('From'),
      messagingServiceSid: form.get('MessagingServiceSid'),
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
    };
    received.push(text);
    answer(response, 201, {
      sid: text.sid,
      account_sid: ACCOUNT_SID,
      to: text.to,
      from: text.from,
      messaging_service_sid: text.messagingServiceSid,
      body: text.body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${text.sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    received,
    failNext: (status: number) => failures.push(status),
    /** The settings that send through this server, with an SMS number and a WhatsApp sender. */
    env: {
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886',
      TWILIO_API_URL: url,
    },
    /** POSTs a form to one of our webhooks as Twilio would: form-encoded, signed (or with the signature given). */
    async postSigned(webhookUrl: string, params: Record<string, string>, signature?: string) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, webhookUrl, params),
        },
        body: new URLSearchParams(params),
      });
      return { status: response.status, text: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TwilioApi = Awaited<ReturnType<typeof startTwilioApi>>;
