import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { BACKGROUND_SYNC_TAG, type FlushQueueMessage } from './background-sync.ts';
import { flushQueues } from './flush-queues.ts';
import { handlePushNotifications, type PushScope } from '@turnproof/config/push-notifications';

/**
 * The runner's service worker, built to dist/sw.js by vite-plugin-pwa (injectManifest, vite.config.ts)
 * and served at /sw.js (the spec's URL; also at /r/sw.js, where earlier versions registered it).
 * It precaches the app shell (index.html, the JS including the compression worker chunk, CSS, icons) so
 * a link opened with no signal still starts the runner, which then reads the run from IndexedDB; with a
 * network, pages come from the server, which renders the run's first screen.
 * It is registered for /r/, /run/ and /c/ (see register-service-worker.ts). The precache lists absolute
 * URLs (/r/...), so the same file works from either address.
 */

/** Just what this file uses of ServiceWorkerGlobalScope; the project's lib is DOM, not WebWorker. */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEventLike extends Event {
  data: unknown;
}
interface SyncEventLike extends ExtendableEventLike {
  tag: string;
}
interface WindowClientLike {
  postMessage(message: FlushQueueMessage): void;
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<WindowClientLike[]> };
  registration: { scope: string };
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
}

interface PrecacheScope {
  /** Replaced at build time by the list of the build's files with their revisions (written literally). */
  __WB_MANIFEST: { url: string; revision: string | null }[];
}

const sw = self as unknown as ServiceWorkerScope;

precacheAndRoute((self as unknown as PrecacheScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// A link's page comes from the server (rendered with the run); without a network, the precached
// index.html, which renders the run from the copy on the device.
const appShell = createHandlerBoundToURL('/r/index.html');
registerRoute(
  new NavigationRoute(async (options) => fetch(options.request).catch(() => appShell(options)), {
    allowlist: [/^\/(r|run|c)(\/|$)/],
    denylist: [/^\/r\/assets\//],
  }),
);

// A new version waits until the cleaner taps Reload in the 'A new version is available' prompt.
sw.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

// The first install takes the open page at once, so it works offline without another load.
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

// Background Sync: the browser is online again (the page registered the tag on reconnect, or when it
// queued a write offline). An open runner page sends its own queue, with its progress on screen; with
// none open, this worker sends it. A failure rejects, and the browser fires the event again later.
sw.addEventListener('sync', (event) => {
  if (event.tag !== BACKGROUND_SYNC_TAG) return;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window' }).then((pages) => {
      if (pages.length === 0) return flushQueues();
      for (const page of pages) page.postMessage({ type: BACKGROUND_SYNC_TAG });
    }),
  );
});

// Browser notifications: "New job" for a cleaner who allowed them; a click opens the run's link.
handlePushNotifications(self as unknown as PushScope);
