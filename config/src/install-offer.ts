/// <reference lib="dom" />
/**
 * The install offer of both front ends, the runner and the console (spec: 3 s after the browser's install
 * event, Install and Not now, dismissal stored locally). Browser-only (imported as
 * `@turnproof/config/install-offer`). This small module listens from the start, since the browser fires
 * `beforeinstallprompt` early; each front end's prompt markup loads only when it is about to show.
 */

export const INSTALL_PROMPT_DELAY_MS = 3_000;
export const INSTALL_DISMISSED_KEY = 'turnproof-install-dismissed';

/** Chromium's event; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
let visible = false;
const listeners = new Set<() => void>();

function setVisible(next: boolean) {
  if (visible === next) return;
  visible = next;
  for (const listener of listeners) listener();
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

function remember() {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // storage disabled: asked again next time
  }
}

/** Starts listening for the browser's install event (once, at start-up). */
export function watchInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own prompt replaces the browser's mini-infobar.
    event.preventDefault();
    if (dismissed()) return;
    const received = event as BeforeInstallPromptEvent;
    offer = received;
    setTimeout(() => {
      if (offer === received && !dismissed()) setVisible(true);
    }, INSTALL_PROMPT_DELAY_MS);
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    setVisible(false);
  });
}

export const installOffer = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether the prompt shows. */
  getSnapshot: (): boolean => visible,
  /** Install: the browser's own dialog; declining there counts as Not now. */
  async install(): Promise<void> {
    const event = offer;
    offer = null;
    setVisible(false);
    if (!event) return;
    await event.prompt();
    const choice = await event.userChoice.catch(() => null);
    if (choice?.outcome === 'dismissed') remember();
  },
  /** Not now: hidden, and not offered again on this device. */
  dismiss(): void {
    offer = null;
    remember();
    setVisible(false);
  },
};
