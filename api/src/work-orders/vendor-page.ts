import Router from '@koa/router';
import { acceptedLanguages, isLanguage, type Language, pickLanguage } from '@turnproof/config/languages';
import { formatDateTime } from '@turnproof/config/time-format';
import { html, SafeHtml } from '@turnproof/platform/html';
import { formatCents } from '@turnproof/platform/work-order-notices';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { noteOpened, toVendorView, workOrderForToken } from './vendor-access.ts';
import { VENDOR_PAGE_TEXTS } from './vendor-page-texts.ts';
import { standalonePage } from '../http/standalone-page.ts';

type VendorView = Awaited<ReturnType<typeof toVendorView>>['work_order'];

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR' };

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 16px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 20px 0 6px; }
.muted { color: #6b7280; font-size: 14px; } .banner { border-radius: 8px; padding: 12px 14px; margin: 12px 0; font-weight: 600; }
.ok { background: #dcfce7; color: #14532d; } .wait { background: #fef3c7; color: #78350f; } .back { background: #fee2e2; color: #7f1d1d; }
.photos { display: flex; flex-wrap: wrap; gap: 8px; } .photos img { width: 104px; height: 104px; object-fit: cover; border-radius: 6px; }
label { display: block; font-weight: 600; margin: 14px 0 4px; }
input, textarea, button { font: inherit; width: 100%; box-sizing: border-box; padding: 12px; border-radius: 8px; border: 1px solid #cbd5e1; }
button { background: #1d4ed8; color: white; border: none; font-weight: 600; margin-top: 16px; min-height: 48px; }
button:disabled { opacity: 0.6; } #answer { margin-top: 12px; } nav a { margin-right: 10px; }
`;

/**
 * Uploads each chosen photo to /api/public/work-order/photo and shows it, and posts the completion with
 * an action id kept for the page's lifetime in sessionStorage, so a retried tap is applied once.
 * Texts come from the form's data attributes: the script is the same for every page and language.
 */
const VENDOR_SCRIPT = `
const form = document.getElementById('complete');
if (form) {
  const token = form.dataset.token;
  const answer = document.getElementById('answer');
  const photos = document.getElementById('fix-photos');
  const keyName = 'work-order-action:' + token.slice(0, 12);
  const actionId = sessionStorage.getItem(keyName) || crypto.randomUUID();
  sessionStorage.setItem(keyName, actionId);
  let uploads = 0;
  document.getElementById('photo-input').addEventListener('change', async (event) => {
    for (const file of event.target.files) {
      uploads += 1;
      answer.textContent = form.dataset.uploading;
      const response = await fetch('/api/public/work-order/photo?token=' + encodeURIComponent(token), {
        method: 'POST', headers: { 'Content-Type': file.type || 'application/octet-stream' }, body: file });
      uploads -= 1;
      const body = await response.json().catch(() => ({}));
      if (!response.ok) { answer.textContent = body.error || form.dataset.failed; continue; }
      const image = document.createElement('img');
      image.src = body.thumbnail_url; image.alt = file.name;
      photos.appendChild(image);
      if (uploads === 0) answer.textContent = '';
    }
    event.target.value = '';
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    button.disabled = true;
    const cost = Math.round(Number(String(form.elements.cost.value).replace(',', '.')) * 100);
    const response = await fetch('/api/public/work-order/complete', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, action_id: actionId, note: form.elements.note.value, cost_cents: cost }) });
    const body = await response.json().catch(() => ({}));
    if (response.ok) { sessionStorage.removeItem(keyName); location.reload(); return; }
    answer.textContent = body.error || form.dataset.failed;
    button.disabled = false;
  });
}
`;

const page = (language: Language, title: string, body: SafeHtml) =>
  standalonePage({ language, title, style: STYLE, body, script: VENDOR_SCRIPT });

/** The page's fixed script, for the Content-Security-Policy's hashes. */
export const vendorPageScripts = () => page('en', '', html``);

const photoList = (photos: { url: string; thumbnail_url: string }[], id?: string) =>
  html`<div class="photos" ${id ? new SafeHtml(`id="${id}"`) : ''}>
    ${photos.map((photo) => html`<a href="${photo.url}"><img src="${photo.thumbnail_url}" alt="" /></a>`)}
  </div>`;

function statusBanner(order: VendorView, texts: (typeof VENDOR_PAGE_TEXTS)[Language]) {
  if (order.status === 'approved') return html`<div class="banner ok" id="status">${texts.approved}</div>`;
  if (order.status === 'done')
    return html`<div class="banner ${order.awaiting_approval ? 'wait' : 'ok'}" id="status">
      ${order.awaiting_approval ? texts.awaiting : texts.done}
    </div>`;
  if (order.sent_back_note)
    return html`<div class="banner back" id="status">${texts.sentBack} ${order.sent_back_note}</div>`;
  return null;
}

function workOrderPage(order: VendorView, token: string, language: Language): string {
  const texts = VENDOR_PAGE_TEXTS[language];
  const zone = order.property.timezone;
  const when = (iso: string) => formatDateTime(iso, zone, LOCALES[language]);
  const open = order.status === 'open' || order.status === 'in_progress';
  return page(
    language,
    `${texts.heading}: ${order.title}`,
    html`<nav class="muted">
        ${(['en', 'es', 'fr'] as const).map((code) => html`<a href="?lang=${code}" lang="${code}">${code.toUpperCase()}</a>`)}
      </nav>
      <p class="muted">${texts.heading}</p>
      <h1>${order.title}</h1>
      <p><strong>${order.property.name}</strong><br />${order.property.address}</p>
      ${order.due_at && html`<p>${texts.due}: ${when(order.due_at)}</p>`} ${statusBanner(order, texts)}
      ${
        order.description &&
        html`<h2>${texts.job}</h2>
          <p>${order.description}</p>`
      }
      ${
        order.issue &&
        html`<h2>${texts.issue}</h2>
          <p>${order.issue.task_title && html`<em>${order.issue.task_title}</em>: `}${order.issue.description}</p>
          <p class="muted">${texts.reported}: ${when(order.issue.reported_at)}</p>
          ${photoList(order.issue.photos)}`
      }
      <h2>${texts.fixPhotos}</h2>
      ${photoList(order.photos, 'fix-photos')}
      ${
        open
          ? html`<form
              id="complete"
              data-token="${token}"
              data-uploading="${texts.uploading}"
              data-failed="${texts.failed}"
            >
              <label for="photo-input">${texts.addPhotos}</label>
              <input id="photo-input" type="file" accept="image/*" capture="environment" multiple />
              <label for="note">${texts.note}</label>
              <textarea id="note" name="note" rows="3" maxlength="2000"></textarea>
              <label for="cost">${texts.cost}</label>
              <input id="cost" name="cost" type="number" inputmode="decimal" min="0" step="0.01" required />
              ${
                order.cost_limit_cents !== null &&
                html`<p class="muted" id="cost-limit">${texts.costLimit(formatCents(order.cost_limit_cents))}</p>`
              }
              <button type="submit">${texts.complete}</button>
              <div id="answer" role="status" aria-live="polite"></div>
            </form>`
          : html`<p>${texts.cost.replace(' (USD)', '')}: ${formatCents(order.cost_cents ?? 0)}</p>
              ${order.completion_note && html`<p>${order.completion_note}</p>`}`
      }`,
  );
}

/** The language the vendor reads: a chosen one (?lang=), else their browser's first that we speak. */
function vendorLanguage(ctx: AppContext): Language {
  ctx.vary('Accept-Language');
  return isLanguage(ctx.query.lang) ? ctx.query.lang : pickLanguage(acceptedLanguages(ctx.get('Accept-Language')));
}

/**
 * `/w/{token}`: the vendor's page, rendered on the server so it paints at once on a phone, with no account.
 * An unknown link answers 404 and a revoked one 410, each with a sentence to show.
 */
export function vendorPage(deps: AppDeps) {
  const router = new Router<AppState>();
  const links = { origin: deps.config.publicOrigin, secretKey: deps.config.SECRET_KEY };
  router.get('/w/:token', async (ctx) => {
    const language = vendorLanguage(ctx);
    const texts = VENDOR_PAGE_TEXTS[language];
    const token = ctx.params.token ?? '';
    ctx.type = 'html';
    // The page holds signed media links and the work order as it is now: never kept by a cache.
    ctx.set('Cache-Control', 'no-store');
    try {
      const order = await workOrderForToken(ctx.state.em, token);
      await noteOpened(ctx.state.em, order);
      const view = await toVendorView(ctx.state.em, order, links);
      ctx.body = workOrderPage(view.work_order, token, language);
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 410)) throw error;
      ctx.status = error.status;
      const sentence = error.status === 410 ? texts.revoked : texts.invalid;
      ctx.body = page(
        language,
        texts.heading,
        html`<h1>${texts.heading}</h1>
          <p id="status">${sentence}</p>`,
      );
    }
  });
  return router;
}
