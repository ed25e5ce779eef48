let started = false;

/**
 * Registers the service worker (loading workbox-window) once the first screen is up: its precache
 * downloads the whole app, which on a slow link must not compete with the run the cleaner waits for.
 * Only the built app has one; `vite dev` serves fresh modules.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD) return;
  started = true;
  void import('./register-service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
}
