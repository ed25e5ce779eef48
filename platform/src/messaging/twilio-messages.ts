import type { Config } from '@turnproof/config';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { decryptLink, encryptLink } from '../magic-link.ts';

export type TextChannel = 'sms' | 'whatsapp';

export type TwilioConfig = Pick<
  Config,
  | 'TWILIO_ACCOUNT_SID'
  | 'TWILIO_AUTH_TOKEN'
  | 'TWILIO_FROM_NUMBER'
  | 'TWILIO_MESSAGING_SERVICE_SID'
  | 'TWILIO_WHATSAPP_FROM'
  | 'TWILIO_API_URL'
  | 'SECRET_KEY'
>;

export interface TextMessage {
  channel: TextChannel;
  /** The cleaner's number in E.164 (+12125550100); the `whatsapp:` prefix is added here. */
  to: string;
  body: string;
  /** Where Twilio reports delivered/failed for this message. */
  statusCallback?: string;
}

export interface SentText {
  sid: string;
  /** Twilio's first status: queued, accepted or sent. */
  status: string;
}

/**
 * Twilio refused the message for good (a bad number, an opted-out recipient, a channel not set up):
 * sending again would fail the same way, so the caller falls back to e-mail. Network trouble, 429 and
 * Twilio's 5xx are thrown as they are, for the activity's retry.
 */
export class TextRefused extends Error {
  constructor(
    message: string,
    /** Twilio's error code (21211 invalid 'To', 21610 unsubscribed recipient, …), when it gave one. */
    readonly twilioCode: number | undefined,
  ) {
    super(message);
    this.name = 'TextRefused';
  }
}

export interface TextSender {
  channels: readonly TextChannel[];
  send(message: TextMessage): Promise<SentText>;
  /** A held text's body waits in the database sealed like a magic link (it carries one), with SECRET_KEY. */
  seal(body: string): string;
  open(sealed: string): string;
}

/**
 * Twilio's request client, sending to TWILIO_API_URL instead of api.twilio.com: the library has no
 * base-URL option, but takes any request client, and the path (/2010-04-01/Accounts/…) stays its own.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super({ timeout: 20_000 });
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const uri = new URL(options.uri);
    const rebased = new URL(uri.pathname + uri.search, this.base);
    return super.request({ ...options, uri: rebased.href });
  }
}

const WHATSAPP = 'whatsapp:';
const whatsapp = (number: string) => (number.startsWith(WHATSAPP) ? number : `${WHATSAPP}${number}`);

/**
 * The text-message sender, or null when Twilio is not configured (no SID, token or sender): then
 * messaging is off and every notice goes by e-mail. WhatsApp is a channel only with TWILIO_WHATSAPP_FROM.
 */
export function createTextSender(config: TwilioConfig): TextSender | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = config;
  const smsFrom = config.TWILIO_MESSAGING_SERVICE_SID
    ? { messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID }
    : config.TWILIO_FROM_NUMBER
      ? { from: config.TWILIO_FROM_NUMBER }
      : null;
  if (!sid || !token || (!smsFrom && !config.TWILIO_WHATSAPP_FROM)) return null;
  const client = twilio(sid, token, {
    ...(config.TWILIO_API_URL ? { httpClient: new BaseUrlRequestClient(new URL(config.TWILIO_API_URL)) } : {}),
  });
  const whatsappFrom = config.TWILIO_WHATSAPP_FROM;
  const channels: TextChannel[] = [
    ...(smsFrom ? ['sms' as const] : []),
    ...(whatsappFrom ? ['whatsapp' as const] : []),
  ];

  return {
    channels,
    seal: (body) => encryptLink(config.SECRET_KEY, body),
    open: (sealed) => decryptLink(config.SECRET_KEY, sealed),
    async send({ channel, to, body, statusCallback }) {
      const route =
        channel === 'whatsapp'
          ? whatsappFrom && { from: whatsapp(whatsappFrom), to: whatsapp(to) }
          : smsFrom && { ...smsFrom, to };
      if (!route) throw new TextRefused(`No ${channel} sender is configured (TWILIO_*).`, undefined);
      try {
        const message = await client.messages.create({ ...route, body, ...(statusCallback ? { statusCallback } : {}) });
        return { sid: message.sid, status: message.status };
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
    },
  };
}

/** A 4xx other than 429 is Twilio's final word on this message. */
function refusalOf(error: unknown): TextRefused | null {
  if (!(error instanceof twilio.RestException)) return null;
  if (error.status < 400 || error.status >= 500 || error.status === 429) return null;
  return new TextRefused(error.message, error.code);
}
