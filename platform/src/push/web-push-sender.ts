import type { Config } from '@turnproof/config';
import webpush from 'web-push';

export type PushConfig = Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPPORT_EMAIL'>;

/** A browser's subscription as `PushSubscription.toJSON()` gives it (keys in base64url). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service workers show: a notification's title and body, the page a click opens, and its tag. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** A later notification with the same tag replaces the earlier one on the device. */
  tag: string;
}

/** `gone`: the push service no longer knows the subscription (404/410), so the caller deletes it. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** A push service keeps an undelivered message this long for a device that is offline. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;

/**
 * The Web Push sender, or null when the VAPID keys are not configured (push is off). web-push encrypts the
 * payload (aes128gcm, RFC 8291) and signs the VAPID header; the POST itself goes by fetch, which any
 * endpoint's scheme suits. Any answer but 2xx, 404 and 410 is thrown, for the caller to log.
 */
export function createPushSender(config: PushConfig): PushSender | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (!publicKey || !privateKey) return null;
  const vapidDetails = { subject: config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`, publicKey, privateKey };
  // Checks the keys and subject now, so a bad configuration stops the process at start, not at the first push.
  webpush.generateRequestDetails({ endpoint: 'https://push.invalid/', keys: { p256dh: '', auth: '' } }, null, {
    vapidDetails,
  });
  return {
    publicKey,
    async send(target, payload) {
      const request = webpush.generateRequestDetails(target, JSON.stringify(payload), {
        vapidDetails,
        TTL: TIME_TO_LIVE_SECONDS,
      });
      const response = await fetch(request.endpoint, {
        method: request.method,
        // fetch sets Content-Length itself and takes only strings (web-push gives TTL as a number).
        headers: Object.fromEntries(
          Object.entries(request.headers)
            .filter(([name]) => name.toLowerCase() !== 'content-length')
            .map(([name, value]) => [name, String(value)]),
        ),
        body: request.body,
        signal: AbortSignal.timeout(20_000),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new Error(`The push service answered ${response.status}.`);
      return 'sent';
    },
  };
}
