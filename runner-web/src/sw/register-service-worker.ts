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
 * How long Reload waits for the new worker to take over before it reloads anyway. Chromium normally
 * activates a skip-waiting worker within milliseconds; but a request from the page (the click's web-vitals
 * report, say) that reaches the outgoing worker just then, while that worker is stopped and must start
 * again, parks the new worker in 'installed' for good (Chromium's 5-minute lame-duck limit aside): neither
 * another SKIP_WAITING nor a fetch wakes it. A navigation does: Chromium tries the activation again for it.
 */
const RELOAD_FALLBACK_MS = 3000;

/**
 * Asks `waiting` to take over (SKIP_WAITING, answered by sw.ts) and reloads the page once it does, into
 * the new version. After RELOAD_FALLBACK_MS without it, reloads anyway, which activates a parked worker;
 * that navigation went to the outgoing worker, which may never answer it once replaced, so the takeover
 * that follows reloads again (a new navigation replaces the pending one) and the new worker serves it.
 */
function activateAndReload(waiting: ServiceWorker): void {
  let takenOver = false;
  const onTakeover = () => {
    if (takenOver) return;
    takenOver = true;
    window.clearTimeout(fallback);
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', onTakeover);
  waiting.addEventListener('statechange', () => {
    if (waiting.state !== 'installed' && waiting.state !== 'installing') onTakeover();
  });
  const fallback = window.setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Registers the runner's service worker for the scope of this page (watched by workbox-window for
 * updates) and for the runner's other paths, so a link of any form opens with no signal.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const own = SCOPES.find((scope) => window.location.pathname.startsWith(scope)) ?? SCOPES[0];
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: own });
  const registered = wb.register();
  wb.addEventListener('waiting', (event) => {
    setUpdateState({
      waiting: true,
      reload: () => {
        // The worker waiting now (workbox-window's event may name an earlier one); none: another tab
        // already switched to it, and a reload opens it.
        void registered.then(
          (registration) => {
            const waiting = registration?.waiting ?? (event.sw?.state === 'installed' ? event.sw : null);
            if (waiting) activateAndReload(waiting);
            else window.location.reload();
          },
          () => window.location.reload(),
        );
      },
    });
  });
  void registered
    .then(() =>
      Promise.all(
        SCOPES.filter((scope) => scope !== own).map((scope) =>
          navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope }),
        ),
      ),
    )
    .catch((error: unknown) => console.warn('service worker registration failed', error));
}
