import { CHANGE_MAP_CSS, type ReportChangeMap, renderChangeMaps } from './change-map-html.ts';
import { html, SafeHtml } from './html.ts';
import { PHOTO_FLAGS_CSS, type ReportPhotoFlag, renderPhotoFlags } from './photo-flags-html.ts';
import type { ReportIssue, ReportProof } from './report-data.ts';
import { createReportFormatter, RUN_TYPE_LABELS, type ReportFormatter } from './report-format.ts';
import { reportPhotoDataUrls } from './report-photo.ts';
import { renderProof } from './report-proof.ts';
import { REPORT_CSS } from './report-styles.ts';
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
  rule: string;
  checkoutAt: string;
  nextCheckInAt: string | null;
}

export interface ClaimData {
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
  /** What "before" means here ('Move-In', 'Previous turnover'), or null without a baseline run. */
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

function photoFigure(photo: ClaimPhoto, url: string | null, format: ReportFormatter): SafeHtml {
  return html`<figure>
    <div class="photo-frame">
      ${url ? html`<img src="${url}" alt="Photo" />` : html`<div class="photo-missing">Unreadable photo</div>`}
    </div>
    <figcaption>
      <div>Device time (claimed): ${photo.capturedAt ? format.dateTime(photo.capturedAt) : '—'}</div>
      <div>Received by server: ${photo.receivedAt ? format.dateTime(photo.receivedAt) : '—'}</div>
    </figcaption>
    ${renderPhotoFlags(photo.flags)}
  </figure>`;
}

/** The claim's deadline, the first thing on the first page: a claim filed late is refused whatever it proves. */
function renderDeadline(deadline: ClaimDeadlineFacts, format: ReportFormatter): SafeHtml {
  return html`<section class="deadline" aria-label="Claim deadline">
    <p><strong>File this claim by ${format.dateTime(deadline.deadlineAt)}</strong></p>
    <p>${deadline.rule}.</p>
    <p>
      Checkout: ${format.dateTime(deadline.checkoutAt)}. Next check-in:
      ${deadline.nextCheckInAt ? format.dateTime(deadline.nextCheckInAt) : 'none known'}.
    </p>
  </section>`;
}

/** The damage-claim PDF's HTML: the run, its issues with before/after photo pairs, and the proof. */
export async function buildClaimHtml(data: ClaimData): Promise<string> {
  const format = createReportFormatter(data.timeZone);
  const photos = data.issues.flatMap((item) => [...item.before, ...item.after]);
  const urlOf = await reportPhotoDataUrls(photos);
  const changeMaps = data.changes.flatMap((change) => change.maps);
  const changeUrls = await reportPhotoDataUrls(changeMaps);
  const column = (label: string, list: ClaimPhoto[]) =>
    html`<div>
      <h4>${label}</h4>
      ${list.length ? list.map((photo) => photoFigure(photo, urlOf.get(photo) ?? null, format)) : html`<p>No photo</p>`}
    </div>`;
  const facts: [string, string][] = [
    ['Inspection', RUN_TYPE_LABELS[data.runType]],
    ['Run', data.runId],
    ...(data.reservationId ? ([['Reservation', data.reservationId]] as [string, string][]) : []),
    ['Started (server)', data.startedAt ? format.dateTime(data.startedAt) : '—'],
    ['Completed (server)', data.endedAt ? format.dateTime(data.endedAt) : '—'],
  ];
  const document = html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta
        http-equiv="Content-Security-Policy"
        content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"
      />
      <title>Damage claim – ${data.propertyName}</title>
      <style>
        ${new SafeHtml(REPORT_CSS + CLAIM_CSS + CHANGE_MAP_CSS + PHOTO_FLAGS_CSS)}
      </style>
    </head>
    <body>
      ${data.deadline ? renderDeadline(data.deadline, format) : null}
      <header class="report-header">
        <div class="brand">Turnproof Damage Claim</div>
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
        <h2>Issues (${data.issues.length})</h2>
        ${data.issues.length === 0 ? html`<p>No issue was reported on this run.</p>` : null}
        ${data.issues.map(
          ({ issue, before, after }) =>
            html`<article class="task">
              <h3>${issue.taskTitle ?? 'Not tied to a task'}</h3>
              <p class="comment">
                <span class="comment-label"
                  >${issue.severity} issue, reported ${format.dateTime(issue.createdAt)}:</span
                >
                ${issue.description}
              </p>
              <div class="pair">
                ${column(`Before${data.baselineLabel ? ` (${data.baselineLabel})` : ''}`, before)}
                ${column('After (this run)', after)}
              </div>
            </article>`,
        )}
      </section>
      ${
        changeMaps.some((map) => map.regions.length > 0)
          ? html`<section>
              <h2>Changes between the photos</h2>
              <p>Only the changes the host confirmed are claimed as damage.</p>
              ${data.changes
                .filter(({ maps }) => maps.some((map) => map.regions.length > 0))
                .map(
                  ({ taskTitle, maps }) =>
                    html`<article class="task">
                      <h3>${taskTitle}</h3>
                      ${renderChangeMaps(maps, changeUrls, 'damage')}
                    </article>`,
                )}
            </section>`
          : null
      }
      ${await renderProof(data.proof, format)}
    </body>
  </html>`;
  return `<!doctype html>\n${document.markup}\n`;
}
