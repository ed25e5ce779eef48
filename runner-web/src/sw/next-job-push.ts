import { vapidKeyBytes } from '@turnproof/config/push-notifications';

/** Why the cleaner cannot be notified on this phone: push off on the server, no support, or refused. */
export type NextJobBlocker = 'off' | 'unsupported' | 'denied';

export class NextJobPushError extends Error {
  constructor(readonly blocker: NextJobBlocker | 'failed') {
    super(blocker);
    this.name = 'NextJobPushError';
  }
}

/** Whether this browser can be subscribed at all (the runner's worker must be there too). */
export const pushPossible = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Asks permission, subscribes the runner's worker (sw.ts shows the pushes) with the server's VAPID key,
 * and stores the subscription for the run's cleaner by the magic link, so their next assignment notifies
 * this phone.
 */
export async function subscribeForNextJob(token: string): Promise<void> {
  const config = (await (await fetch('/api/push/config')).json()) as { enabled: boolean; public_key: string | null };
  if (!config.enabled || !config.public_key) throw new NextJobPushError('off');
  if (!pushPossible()) throw new NextJobPushError('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new NextJobPushError('denied');
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new NextJobPushError('unsupported');
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(config.public_key),
    });
  } catch {
    // Headless browsers, or a browser whose push service cannot be reached.
    throw new NextJobPushError('failed');
  }
  const stored = await fetch('/api/public/push/subscriptions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, subscription: subscription.toJSON() }),
  });
  if (!stored.ok) throw new NextJobPushError('failed');
}
