import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The runner's service worker, built to /r/sw.js by the `runner-service-worker` step in vite.config.ts.
 * It precaches the app shell (index.html, the JS including the compression worker chunk, CSS, icons) so
 * a link opened with no signal still starts the runner, which then reads the run from IndexedDB.
 * It is registered twice, for /r/ and for /run/ (see register-service-worker.ts).
 */

/** Just what this file uses of ServiceWorkerGlobalScope; the project's lib is DOM, not WebWorker. */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEventLike extends Event {
  data: unknown;
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { scope: string };
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

/** Replaced at build time by the list of the build's files with their revisions. */
declare const __RUNNER_PRECACHE_MANIFEST__: { url: string; revision: string | null }[];

const sw = self as unknown as ServiceWorkerScope;

precacheAndRoute(__RUNNER_PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

// Every page of the runner is one client-routed index.html: /r/{token}, /run/{token}, even a bad link.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/r/index.html'), {
    allowlist: [/^\/(r|run)(\/|$)/],
    denylist: [/^\/r\/assets\//],
  }),
);

// A new version waits until the cleaner taps Reload in the 'A new version is available' prompt.
sw.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

// The first install takes the open page at once, so it works offline without another load.
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
