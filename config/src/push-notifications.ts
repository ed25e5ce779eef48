/**
 * What both service workers (the runner's and the console's) do with Web Push: show the server's
 * notification (title, body, tag; the page to open in its data) and, on a click, focus a tab already at
 * that page or open it. The payload is what platform/src/push/web-push-sender.ts sends.
 */

export interface PushNotificationPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A VAPID public key (base64url) as the bytes PushManager.subscribe takes as applicationServerKey. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** Just what this file uses of ServiceWorkerGlobalScope; the front ends' lib is DOM, not WebWorker. */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}
export interface PushScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

function payloadOf(event: PushEventLike): PushNotificationPayload | null {
  try {
    const data = event.data?.json() as Partial<PushNotificationPayload> | undefined;
    return data && typeof data.title === 'string' ? (data as PushNotificationPayload) : null;
  } catch {
    return null;
  }
}

/** Only pages of this origin open from a notification, whatever a payload says. */
function sameOriginUrl(scope: PushScope, url: unknown): string {
  if (typeof url === 'string' && URL.canParse(url) && new URL(url).origin === scope.location.origin) return url;
  return `${scope.location.origin}/`;
}

export function handlePushNotifications(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    if (!payload) return;
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = sameOriginUrl(scope, (event.notification.data as { url?: unknown } | null)?.url);
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
        const open = pages.find((page) => page.url === url);
        return open ? open.focus() : scope.clients.openWindow(url);
      }),
    );
  });
}
