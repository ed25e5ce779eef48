/**
 * The public pages' only script: progressive enhancement of markup that already works without it
 * (the carousel shows every testimonial, the filter links reload the page, the forms POST).
 */

const DOWNLOAD_FAILED = 'Failed to download checklist. Please try again.';
const SEND_FAILED = 'Failed to send message. Please try again or email us directly.';

function carousel(root: HTMLElement) {
  const slides = Array.from(root.querySelectorAll<HTMLElement>('[data-slide]'));
  if (slides.length < 2) return;
  const interval = Number(root.dataset.interval) || 5000;
  let current = 0;
  let paused = false;
  root.classList.add('rotating');
  const dots = document.createElement('div');
  dots.className = 'dots';
  const buttons = slides.map((_, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', `Show testimonial ${index + 1}`);
    button.addEventListener('click', () => show(index));
    dots.append(button);
    return button;
  });
  root.append(dots);
  function show(index: number) {
    current = index;
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    buttons.forEach((button, i) => button.setAttribute('aria-current', String(i === index)));
  }
  show(0);
  root.addEventListener('mouseenter', () => (paused = true));
  root.addEventListener('mouseleave', () => (paused = false));
  root.addEventListener('focusin', () => (paused = true));
  root.addEventListener('focusout', () => (paused = false));
  setInterval(() => {
    if (!paused) show((current + 1) % slides.length);
  }, interval);
}

function libraryFilter(nav: HTMLElement) {
  const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-library] [data-category]'));
  const status = document.querySelector<HTMLElement>('[data-filter-status]');
  nav.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('[data-filter]');
    if (!link) return;
    event.preventDefault();
    const category = link.dataset.filter ?? 'All';
    let shown = 0;
    for (const card of cards) {
      card.hidden = category !== 'All' && card.dataset.category !== category;
      if (!card.hidden) shown += 1;
    }
    for (const other of nav.querySelectorAll('[data-filter]')) {
      other.classList.toggle('active', other === link);
      if (other === link) other.setAttribute('aria-current', 'page');
      else other.removeAttribute('aria-current');
    }
    if (status) status.textContent = `${shown} checklists shown`;
    history.replaceState(null, '', link.href);
  });
}

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? fallback;
}

function libraryDownload(form: HTMLFormElement) {
  const button = form.querySelector('button')!;
  const label = button.textContent;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    button.textContent = 'Generating PDF...';
    try {
      const response = await fetch(form.action, { method: 'POST' });
      if (!response.ok) throw new Error('Failed to generate checklist PDF');
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, 'checklist.pdf');
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      alert(DOWNLOAD_FAILED);
    } finally {
      button.disabled = false;
      button.textContent = label;
    }
  });
}

/** The server refused the message with a sentence the sender can act on. */
class Refused extends Error {}

function contactForm(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const status = form.querySelector<HTMLElement>('[data-contact-status]')!;
  const label = button.textContent;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    button.textContent = 'Sending...';
    status.textContent = '';
    status.classList.remove('error');
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string };
        // A refusal the sender can act on (too many messages, a bad address) is said as the server said it.
        throw new Refused(response.status < 500 && body.error ? body.error : SEND_FAILED);
      }
      form.reset();
      status.textContent = 'Message sent!';
    } catch (error) {
      status.classList.add('error');
      status.textContent = error instanceof Refused ? error.message : SEND_FAILED;
    } finally {
      button.disabled = false;
      button.textContent = label;
    }
  });
}

/** A link that opens a <dialog> of the page (its frame loaded on first opening); without this, the link's own page. */
function dialogLink(link: HTMLAnchorElement) {
  const dialog = document.getElementById(link.dataset.opensDialog ?? '');
  if (!(dialog instanceof HTMLDialogElement)) return;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const frame = dialog.querySelector<HTMLIFrameElement>('iframe[data-src]');
    if (frame && !frame.getAttribute('src')) frame.src = frame.dataset.src ?? '';
    dialog.showModal();
  });
}

/** The runner's offline store on this origin (runner-web/src/offline/offline-db.ts). */
const RUNNER_DB = 'turnproofOffline';
const QUEUE_STORES = ['actions', 'media'] as const;
/** The spec's refresh of the header badge. */
const BADGE_REFRESH_MS = 10_000;

/** A request's result as a promise. */
const settled = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/**
 * What this browser's runner has not sent yet (unsynced actions and files of every run), read without
 * ever creating the runner's database: 0 when it does not exist or cannot be read.
 */
async function runnerQueuedCount(): Promise<number> {
  try {
    if (!(await indexedDB.databases()).some((info) => info.name === RUNNER_DB)) return 0;
    const opening = indexedDB.open(RUNNER_DB);
    // Deleted in the meantime: no empty database is left behind for the runner to trip over.
    opening.onupgradeneeded = () => opening.transaction?.abort();
    const db = await settled(opening);
    try {
      const tx = db.transaction([...QUEUE_STORES]);
      const rows = await Promise.all(
        QUEUE_STORES.map((store) => settled(tx.objectStore(store).getAll() as IDBRequest<{ synced?: boolean }[]>)),
      );
      return rows.flat().filter((row) => !row.synced).length;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

/** The header's Online/Offline badge with the runner's queued count, refreshed every 10 s and on each change. */
function connectionBadge(badge: HTMLElement) {
  const refresh = async () => {
    const queued = await runnerQueuedCount();
    const state = navigator.onLine ? 'Online' : 'Offline';
    badge.textContent = queued > 0 ? `${state} · ${queued} queued` : state;
    badge.dataset.state = navigator.onLine ? 'online' : 'offline';
    badge.hidden = false;
  };
  void refresh();
  window.addEventListener('online', () => void refresh());
  window.addEventListener('offline', () => void refresh());
  setInterval(() => void refresh(), BADGE_REFRESH_MS);
}

document.querySelectorAll<HTMLElement>('[data-connection-badge]').forEach(connectionBadge);
document.querySelectorAll<HTMLAnchorElement>('a[data-opens-dialog]').forEach(dialogLink);
document.querySelectorAll<HTMLElement>('[data-carousel]').forEach(carousel);
document.querySelectorAll<HTMLElement>('[data-filters]').forEach(libraryFilter);
document.querySelectorAll<HTMLFormElement>('form[data-download]').forEach(libraryDownload);
document.querySelectorAll<HTMLFormElement>('form[data-contact]').forEach(contactForm);
