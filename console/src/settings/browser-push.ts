import { vapidKeyBytes } from '@turnproof/config/push-notifications';
import { apiJson } from '../api/http.ts';

/** The console's own service worker (push and click only), built to dist/console-sw.js. */
const WORKER_URL = '/console-sw.js';

export interface PushConfig {
  enabled: boolean;
  public_key: string | null;
}

/** Why notifications cannot be turned on here, or null when they can. */
export type PushBlocker = 'unsupported' | 'server_off' | 'denied' | null;

export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** This browser's subscription for the console, when notifications were turned on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the browser's permission, registers the worker, subscribes with the server's key and stores the
 * subscription. Throws 'denied' when the host refuses; the browser's own error when it cannot subscribe.
 */
export async function turnPushOn(publicKey: string): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: vapidKeyBytes(publicKey),
  });
  await apiJson('/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
}

export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiJson(`/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`, { method: 'DELETE' });
  await subscription.unsubscribe();
}
