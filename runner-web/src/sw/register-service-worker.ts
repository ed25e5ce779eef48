import { Workbox } from 'workbox-window';

/** Built by vite.config.ts next to index.html; served by the API with `Service-Worker-Allowed: /`. */
export const SERVICE_WORKER_URL = '/r/sw.js';
/** The runner answers both; a registration has one scope, so the same worker is registered for each. */
const SCOPES = ['/r/', '/run/'] as const;

type Listener = () => void;

/** Whether a new version of the runner is installed and waiting: what the update prompt shows. */
export interface UpdateState {
  waiting: boolean;
  reload(): void;
}

let state: UpdateState = { waiting: false, reload: () => undefined };
const listeners = new Set<Listener>();

function setState(next: UpdateState) {
  state = next;
  for (const listener of listeners) listener();
}

export const updateStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): UpdateState => state,
};

/**
 * Registers the runner's service worker for the scope of this page (watched by workbox-window for
 * updates) and for the runner's other path, so a link of either form opens with no signal.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const own = SCOPES.find((scope) => window.location.pathname.startsWith(scope)) ?? SCOPES[0];
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: own });
  wb.addEventListener('waiting', () => {
    setState({
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
