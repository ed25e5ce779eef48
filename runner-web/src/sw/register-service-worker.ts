import { Workbox } from 'workbox-window';
import { setUpdateState } from './update-store.ts';

/**
 * The spec's address. At the root, the worker may be registered for any of the runner's paths without a
 * `Service-Worker-Allowed` header (the API still serves /r/sw.js, with that header, for earlier installs).
 */
export const SERVICE_WORKER_URL = '/sw.js';
/** The runner answers runs (/r/, /run/) and schedules (/c/); a registration has one scope, so the same worker is registered for each. */
const SCOPES = ['/r/', '/run/', '/c/'] as const;

/**
 * Registers the runner's service worker for the scope of this page (watched by workbox-window for
 * updates) and for the runner's other path, so a link of either form opens with no signal.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const own = SCOPES.find((scope) => window.location.pathname.startsWith(scope)) ?? SCOPES[0];
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: own });
  wb.addEventListener('waiting', () => {
    setUpdateState({
      waiting: true,
      reload: () => {
        // Once the waiting worker takes over, this page still runs the old code: reload into the new.
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb
    .register()
    .then(() =>
      Promise.all(
        SCOPES.filter((scope) => scope !== own).map((scope) =>
          navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope }),
        ),
      ),
    )
    .catch((error: unknown) => console.warn('service worker registration failed', error));
}
