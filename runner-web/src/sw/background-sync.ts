/**
 * Background Sync (spec: the tag '{product}-offline-sync' is registered on reconnect). The page asks the
 * browser for a sync when it comes back online and when it queues a write offline; the browser then
 * wakes the service worker (sw.ts) once it has a connection, even if the cleaner closed the tab, and the
 * worker tells the open runner pages to send their queue, or sends it itself when none is open.
 */

export const BACKGROUND_SYNC_TAG = 'turnproof-offline-sync';

/** The service worker's message to its pages: send the offline queue now. */
export interface FlushQueueMessage {
  type: typeof BACKGROUND_SYNC_TAG;
}

export const isFlushQueueMessage = (data: unknown): data is FlushQueueMessage =>
  (data as { type?: unknown } | null)?.type === BACKGROUND_SYNC_TAG;

/** What Chromium adds to a registration (SyncManager); the DOM lib does not declare it. */
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Registers the sync tag on this page's service worker registration, where the browser has Background
 * Sync; answers whether it was registered. Never throws: without it the page's own 'online' handling
 * still sends the queue.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
    // `ready` never settles on a page no worker will control (vite dev); do not wait for it then.
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & SyncRegistration) | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** Calls `listener` when the service worker asks this page to send its queue; answers the unsubscribe. */
export function onFlushRequest(listener: () => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const handle = (event: MessageEvent) => {
    if (isFlushQueueMessage(event.data)) listener();
  };
  navigator.serviceWorker.addEventListener('message', handle);
  return () => navigator.serviceWorker.removeEventListener('message', handle);
}
