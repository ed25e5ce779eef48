import type { Language } from '@turnproof/config/languages';
import { CHANGE_MAP_CSS, type ReportChangeMap, renderChangeMaps } from './change-map-html.ts';
import { html, SafeHtml } from './html.ts';
import { PHOTO_FLAGS_CSS, type ReportPhotoFlag, renderPhotoFlags } from './photo-flags-html.ts';
import type { ReportIssue, ReportProof } from './report-data.ts';
import { createReportFormatter, type ReportFormatter } from './report-format.ts';
import { reportPhotoDataUrls } from './report-photo.ts';
import { renderProof } from './report-proof.ts';
import { REPORT_CSS } from './report-styles.ts';
import { REPORT_TEXTS, type ReportTexts } from './report-texts.ts';
import type { RunType } from './report-data.ts';

/** A photo in a claim: its bytes, the device's claimed time, the server's received time. */
export interface ClaimPhoto {
  /** Reads the original when the claim is built. */
  read: () => Promise<Buffer>;
  capturedAt: string | null;
  receivedAt: string | null;
  /** What the server's checks flagged on this run's photo (none for the baseline's). */
  flags?: ReportPhotoFlag[];
}

/**
 * An issue of the run: what its task looked like before (its photos in the baseline run) and after
 * (the photos the cleaner sent with the issue, else this run's photos of the task).
 */
export interface ClaimIssue {
  issue: Omit<ReportIssue, 'photos'>;
  before: ClaimPhoto[];
  after: ClaimPhoto[];
}

/** The last moment to file the claim with the booking platform, and the rule that sets it. */
export interface ClaimDeadlineFacts {
  deadlineAt: string;
  /** The rule's name, in the claim's language. */
  rule: string;
  checkoutAt: string;
  nextCheckInAt: string | null;
}

export interface ClaimData {
  /** The host's language (their profile's, as their mails): the claim's words and date format. */
  language: Language;
  /** Null for a run whose checkout is not known. */
  deadline: ClaimDeadlineFacts | null;
  runId: string;
  propertyName: string;
  propertyAddress: string;
  runType: RunType;
  /** The calendar reservation the run came from, if any. */
  reservationId: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** What "before" means here ('Move-In', 'Previous turnover', in `language`), or null without a baseline run. */
  baselineLabel: string | null;
  timeZone: string;
  issues: ClaimIssue[];
  /** Changes found between the baseline's photos and this run's, by task; only confirmed ones are damage. */
  changes: { taskTitle: string; maps: ReportChangeMap[] }[];
  proof: ReportProof;
}

const CLAIM_CSS = `
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 8pt; margin-top: 6pt; break-inside: avoid; }
.pair h4 { margin: 0 0 2pt; font-size: 9pt; color: var(--muted); text-transform: uppercase; }
.deadline { border: 2pt solid #b42318; border-radius: 4pt; padding: 6pt 10pt; margin-bottom: 10pt; }
.deadline strong { font-size: 14pt; }
.deadline p { margin: 2pt 0; }
`;

function photoFigure(photo: ClaimPhoto, url: string | null, format: ReportFormatter, t: ReportTexts): SafeHtml {
  return html`<figure>
    <div class="photo-frame">
      ${url ? html`<img src="${url}" alt="${t.photo}" />` : html`<div class="photo-missing">${t.unreadablePhoto}</div>`}
    </div>
    <figcaption>
      <div>${t.deviceTime} ${photo.capturedAt ? format.dateTime(photo.capturedAt) : '—'}</div>
      <div>${t.receivedByServer} ${photo.receivedAt ? format.dateTime(photo.receivedAt) : '—'}</div>
    </figcaption>
    ${renderPhotoFlags(photo.flags, t)}
  </figure>`;
}

/** The claim's deadline, the first thing on the first page: a claim filed late is refused whatever it proves. */
function renderDeadline(deadline: ClaimDeadlineFacts, format: ReportFormatter, t: ReportTexts): SafeHtml {
  const nextCheckIn = deadline.nextCheckInAt ? format.dateTime(deadline.nextCheckInAt) : null;
  return html`<section class="deadline" aria-label="${t.claimDeadline}">
    <p><strong>${t.fileBy(format.dateTime(deadline.deadlineAt))}</strong></p>
    <p>${deadline.rule}.</p>
    <p>${t.checkoutAndNext(format.dateTime(deadline.checkoutAt), nextCheckIn)}</p>
  </section>`;
}

/** The damage-claim PDF's HTML: the run, its issues with before/after photo pairs, and the proof. */
export async function buildClaimHtml(data: ClaimData): Promise<string> {
  const format = createReportFormatter(data.timeZone, data.language);
  const t = REPORT_TEXTS[data.language];
  const photos = data.issues.flatMap((item) => [...item.before, ...item.after]);
  const urlOf = await reportPhotoDataUrls(photos);
  const changeMaps = data.changes.flatMap((change) => change.maps);
  const changeUrls = await reportPhotoDataUrls(changeMaps);
  const column = (label: string, list: ClaimPhoto[]) =>
    html`<div>
      <h4>${label}</h4>
      ${
        list.length
          ? list.map((photo) => photoFigure(photo, urlOf.get(photo) ?? null, format, t))
          : html`<p>${t.noPhoto}</p>`
      }
    </div>`;
  const facts: [string, string][] = [
    [t.inspection, t.runTypes[data.runType]],
    [t.run, data.runId],
    ...(data.reservationId ? ([[t.reservation, data.reservationId]] as [string, string][]) : []),
    [t.startedServer, data.startedAt ? format.dateTime(data.startedAt) : '—'],
    [t.completedServer, data.endedAt ? format.dateTime(data.endedAt) : '—'],
  ];
  const document = html`<html lang="${data.language}">
    <head>
      <meta charset="utf-8" />
      <meta
        http-equiv="Content-Security-Policy"
        content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"
      />
      <title>${t.claimTitle(data.propertyName)}</title>
      <style>
        ${new SafeHtml(REPORT_CSS + CLAIM_CSS + CHANGE_MAP_CSS + PHOTO_FLAGS_CSS)}
      </style>
    </head>
    <body>
      ${data.deadline ? renderDeadline(data.deadline, format, t) : null}
      <header class="report-header">
        <div class="brand">${t.claimBrand}</div>
        <h1>${data.propertyName}</h1>
        <p class="address">${data.propertyAddress}</p>
      </header>
      <dl class="facts">
        ${facts.map(
          ([label, value]) =>
            html`<dt>${label}</dt>
              <dd>${value}</dd>`,
        )}
      </dl>
      <section>
        <h2>${t.issues(data.issues.length)}</h2>
        ${data.issues.length === 0 ? html`<p>${t.noIssues}</p>` : null}
        ${data.issues.map(
          ({ issue, before, after }) =>
            html`<article class="task">
              <h3>${issue.taskTitle ?? t.noTask}</h3>
              <p class="comment">
                <span class="comment-label">${t.claimIssue(issue.severity, format.dateTime(issue.createdAt))}</span>
                ${issue.description}
              </p>
              <div class="pair">
                ${column(t.beforeColumn(data.baselineLabel), before)} ${column(t.afterColumn, after)}
              </div>
            </article>`,
        )}
      </section>
      ${
        changeMaps.some((map) => map.regions.length > 0)
          ? html`<section>
              <h2>${t.changesBetween}</h2>
              <p>${t.onlyConfirmed}</p>
              ${data.changes
                .filter(({ maps }) => maps.some((map) => map.regions.length > 0))
                .map(
                  ({ taskTitle, maps }) =>
                    html`<article class="task">
                      <h3>${taskTitle}</h3>
                      ${renderChangeMaps(maps, changeUrls, 'damage', t)}
                    </article>`,
                )}
            </section>`
          : null
      }
      ${await renderProof(data.proof, format, t)}
    </body>
  </html>`;
  return `<!doctype html>\n${document.markup}\n`;
}
