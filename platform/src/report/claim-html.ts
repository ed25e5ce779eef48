import { html, SafeHtml } from './html.ts';
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

export interface ClaimData {
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
  proof: ReportProof;
}

const CLAIM_CSS = `
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 8pt; margin-top: 6pt; break-inside: avoid; }
.pair h4 { margin: 0 0 2pt; font-size: 9pt; color: var(--muted); text-transform: uppercase; }
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
  </figure>`;
}

/** The damage-claim PDF's HTML: the run, its issues with before/after photo pairs, and the proof. */
export async function buildClaimHtml(data: ClaimData): Promise<string> {
  const format = createReportFormatter(data.timeZone);
  const photos = data.issues.flatMap((item) => [...item.before, ...item.after]);
  const urlOf = await reportPhotoDataUrls(photos);
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
        ${new SafeHtml(REPORT_CSS + CLAIM_CSS)}
      </style>
    </head>
    <body>
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
      ${await renderProof(data.proof)}
    </body>
  </html>`;
  return `<!doctype html>\n${document.markup}\n`;
}
