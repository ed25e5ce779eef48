import type { RunHours } from '@turnproof/db';
import { html, SafeHtml } from './html.ts';
import {
  summariseReport,
  type ReportData,
  type ReportIssue,
  type ReportPhoto,
  type ReportSummary,
  type ReportSupply,
  type ReportTask,
} from './report-data.ts';
import {
  createReportFormatter,
  durationSecondsBetween,
  formatCoordinates,
  formatDuration,
  type ReportFormatter,
} from './report-format.ts';
import { CHANGE_MAP_CSS, type ReportChangeMap, renderChangeMaps } from './change-map-html.ts';
import { PHOTO_FLAGS_CSS, renderPhotoFlags } from './photo-flags-html.ts';
import { reportPhotoDataUrls, spoolReportPhotos } from './report-photo.ts';
import { renderProof, renderReview } from './report-proof.ts';
import { REPORT_CSS } from './report-styles.ts';
import { REPORT_TEXTS, type ReportTexts } from './report-texts.ts';
import { inSpan } from '../tracing/spans.ts';

const SEVERITY_ORDER: Record<ReportIssue['severity'], number> = { high: 0, medium: 1, low: 2 };

/** Each photo's `src`, keyed by the photo; null for a photo that could not be read. */
type PhotoUrls = Map<ReportPhoto | ReportChangeMap, string | null>;

const photosOf = (data: ReportData): (ReportPhoto | ReportChangeMap)[] => [
  ...data.issues.flatMap((issue) => issue.photos),
  ...data.tasks.flatMap((task) => [...task.baselinePhotos, ...task.photos, ...(task.changeMaps ?? [])]),
];

/** A complete, self-contained HTML document (inline CSS, photos as data: URLs) ready to print to A4. */
export async function buildReportHtml(data: ReportData): Promise<string> {
  return reportMarkup(data, await reportPhotoDataUrls(photosOf(data)));
}

/**
 * The same document as {@link buildReportHtml}, written to `file`: photos are downscaled one by one into
 * `folder` and copied into the file one at a time, so memory stays flat however many photos the run has.
 */
export async function writeReportHtml(data: ReportData, file: string, folder: string): Promise<void> {
  const spooled = await inSpan('report.photos', {}, () => spoolReportPhotos(photosOf(data), folder));
  await spooled.writeDocument(await reportMarkup(data, spooled.sources), file);
}

async function reportMarkup(data: ReportData, photoUrls: PhotoUrls): Promise<string> {
  const format = createReportFormatter(data.timeZone, data.language);
  const t = REPORT_TEXTS[data.language];
  const document = html`<html lang="${data.language}">
    <head>
      <meta charset="utf-8" />
      <meta
        http-equiv="Content-Security-Policy"
        content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"
      />
      <title>${t.reportBrand} – ${data.propertyName}</title>
      <style>
        ${new SafeHtml(REPORT_CSS + CHANGE_MAP_CSS + PHOTO_FLAGS_CSS)}
      </style>
    </head>
    <body>
      ${renderHeader(data, t)} ${renderOverview(data, summariseReport(data.tasks), format, t)}
      ${renderReview(data.review, format, t)} ${renderIssues(data.issues, photoUrls, format, t)}
      ${renderSupplies(data.supplies, t)} ${renderTasks(data.tasks, photoUrls, format, t, data.baselineLabel)}
      ${await renderProof(data.proof, format, t)}
      <footer class="report-footer">${t.footer(format.dateTime(data.generatedAt), data.runId, data.version)}</footer>
    </body>
  </html>`;
  return `<!doctype html>\n${document.markup}\n`;
}

function renderHeader(data: ReportData, t: ReportTexts): SafeHtml {
  return html`<header class="report-header">
    <div class="brand">${t.reportBrand}</div>
    <h1>${data.propertyName}</h1>
    <p class="address">${data.propertyAddress}</p>
    <span class="run-type">${t.runTypes[data.runType]}</span>
  </header>`;
}

function renderOverview(data: ReportData, summary: ReportSummary, format: ReportFormatter, t: ReportTexts): SafeHtml {
  const tenancy = data.runType === 'turnover' ? [] : tenancyFacts(data.meta, format, t);
  const duration = durationSecondsBetween(data.startedAt, data.endedAt);
  const facts: [string, string][] = [
    [t.checklist, data.checklistName],
    ...tenancy,
    [t.started, data.startedAt ? format.dateTime(data.startedAt) : '—'],
    [t.ended, data.endedAt ? format.dateTime(data.endedAt) : '—'],
    [t.duration, duration === null ? '—' : formatDuration(duration)],
    ...hoursFacts(data.hours ?? null, format, t),
  ];
  return html`<section class="overview">
    <dl class="facts">
      ${facts.map(
        ([label, value]) =>
          html`<dt>${label}</dt>
            <dd>${value}</dd>`,
      )}
    </dl>
    <div class="completion">
      <div class="completion-rate">${summary.completion_rate}%</div>
      <div class="completion-text">
        ${t.tasksCompleted(summary.completed_tasks, summary.total_tasks, summary.completion_rate)}
      </div>
      <div class="progress"><span style="width: ${summary.completion_rate}%"></span></div>
    </div>
  </section>`;
}

/** Work time without pauses, each pause, arrival, distance from the property and a late checkout, when known. */
function hoursFacts(hours: RunHours | null, format: ReportFormatter, t: ReportTexts): [string, string][] {
  if (!hours) return [];
  const facts: [string, string][] = [];
  if (hours.work_seconds !== null) facts.push([t.workTime, formatDuration(hours.work_seconds)]);
  for (const pause of hours.pauses) {
    const until = pause.resumed_at ? format.dateTime(pause.resumed_at) : '—';
    const length = pause.resumed_at
      ? ` (${formatDuration(durationSecondsBetween(pause.paused_at, pause.resumed_at)!)})`
      : '';
    facts.push([t.paused, `${format.dateTime(pause.paused_at)} – ${until}${length}`]);
  }
  if (hours.arrived_at) facts.push([t.arrived, format.dateTime(hours.arrived_at)]);
  if (hours.far_from_property_meters !== null)
    facts.push([t.awayFromProperty, t.workedAway(formatDistance(hours.far_from_property_meters, format))]);
  if (hours.guest_present_at) facts.push([t.guestStillHere, format.dateTime(hours.guest_present_at)]);
  if (hours.late_checkout_minutes !== null)
    facts.push([t.lateCheckout, formatDuration(hours.late_checkout_minutes * 60)]);
  return facts;
}

/** '850 m', '2.4 km' ('2,4 km' in Spanish and French). */
function formatDistance(meters: number, format: ReportFormatter): string {
  return meters < 1000 ? `${meters} m` : `${format.decimal(meters / 1000)} km`;
}

function tenancyFacts(meta: ReportData['meta'], format: ReportFormatter, t: ReportTexts): [string, string][] {
  const facts: [string, string][] = [];
  if (meta.unit) facts.push([t.unit, meta.unit]);
  const tenant = [meta.tenant_name, meta.tenant_email].filter(Boolean).join(' · ');
  if (tenant) facts.push([t.tenant, tenant]);
  const start = meta.lease_start ? format.calendarDate(meta.lease_start) : undefined;
  const end = meta.lease_end ? format.calendarDate(meta.lease_end) : undefined;
  if (start && end) facts.push([t.lease, `${start} – ${end}`]);
  else if (start) facts.push([t.lease, t.leaseFrom(start)]);
  else if (end) facts.push([t.lease, t.leaseUntil(end)]);
  return facts;
}

function renderIssues(
  issues: ReportIssue[],
  photoUrls: PhotoUrls,
  format: ReportFormatter,
  t: ReportTexts,
): SafeHtml | null {
  if (issues.length === 0) return null;
  const bySeverity = [...issues].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return html`<section>
    <h2>${t.issues(issues.length)}</h2>
    <ul class="issues">
      ${bySeverity.map(
        (issue) =>
          html`<li class="issue severity-${issue.severity}">
            <div class="issue-heading">
              <span class="severity">${t.severities[issue.severity]}</span> · ${t.issueKinds[issue.kind]}
            </div>
            <div class="description">${issue.description}</div>
            <div class="issue-meta">
              ${issue.taskTitle && t.onTask(issue.taskTitle)}${t.reported(format.dateTime(issue.createdAt))}
            </div>
            ${
              issue.photos.length > 0 &&
              html`<div class="photos">
                ${issue.photos.map((photo, index) => renderPhoto(photo, index + 1, photoUrls, format, t))}
              </div>`
            }
          </li>`,
      )}
    </ul>
  </section>`;
}

/** What the cleaner counted against each par level, and what to bring (the restock list's line). */
function renderSupplies(supplies: ReportSupply[], t: ReportTexts): SafeHtml | null {
  if (supplies.length === 0) return null;
  const found = (supply: ReportSupply) =>
    supply.level === null ? t.notCounted : supply.level === 'low' ? t.low : `${supply.count} ${supply.unit}`;
  const toBring = (supply: ReportSupply) => {
    if (supply.level === 'low') return t.topUp(supply.parLevel);
    if (supply.count === null || supply.count >= supply.parLevel) return '—';
    return `${supply.parLevel - supply.count} ${supply.unit}`;
  };
  return html`<section>
    <h2>${t.supplies}</h2>
    <table class="supplies">
      <thead>
        <tr>
          <th>${t.supply}</th>
          <th>${t.parLevel}</th>
          <th>${t.counted}</th>
          <th>${t.toBring}</th>
        </tr>
      </thead>
      <tbody>
        ${supplies.map(
          (supply) =>
            html`<tr>
              <td>${supply.name}</td>
              <td>${supply.parLevel} ${supply.unit}</td>
              <td>${found(supply)}</td>
              <td>${toBring(supply)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

function renderTasks(
  tasks: ReportTask[],
  photoUrls: PhotoUrls,
  format: ReportFormatter,
  t: ReportTexts,
  baselineLabel: string | null,
): SafeHtml {
  return html`<section>
    <h2>${t.tasks}</h2>
    ${
      tasks.length === 0
        ? html`<p>${t.noTasks}</p>`
        : tasks.map((task, index) => renderTask(task, index + 1, photoUrls, format, t, baselineLabel))
    }
  </section>`;
}

function renderTask(
  task: ReportTask,
  number: number,
  photoUrls: PhotoUrls,
  format: ReportFormatter,
  t: ReportTexts,
  baselineLabel: string | null,
): SafeHtml {
  const details = [
    task.checkedAt && t.checkedAt(format.dateTime(task.checkedAt)),
    task.durationSeconds !== null && t.took(formatDuration(task.durationSeconds)),
    proofSummary(task, t),
  ].filter((detail): detail is string => typeof detail === 'string' && detail !== '');
  return html`<article class="task">
    <div class="task-heading">
      <span class="task-number">${number}.</span>
      <h3>${task.title}</h3>
      ${
        task.checked
          ? html`<span class="status done">${t.completed}</span>`
          : html`<span class="status not-done">${t.notCompleted}</span>`
      }
    </div>
    <div class="task-body">
      ${task.description && html`<p class="description">${task.description}</p>`}
      ${details.length > 0 && html`<p class="task-meta">${details.join(' · ')}</p>`}
      ${task.comment && html`<p class="comment"><span class="comment-label">${t.comment}</span> ${task.comment}</p>`}
      ${
        task.baselinePhotos.length > 0
          ? renderPairs(task, photoUrls, format, t, baselineLabel ?? t.before)
          : task.photos.length > 0 &&
            html`<div class="photos">
              ${task.photos.map((photo, index) => renderPhoto(photo, index + 1, photoUrls, format, t))}
            </div>`
      }
      ${renderChangeMaps(task.changeMaps ?? [], photoUrls, 'confirmed', t)}
    </div>
  </article>`;
}

/** The baseline run's photos of the task beside this run's, pair by pair: the angle matches up. */
function renderPairs(
  task: ReportTask,
  photoUrls: PhotoUrls,
  format: ReportFormatter,
  t: ReportTexts,
  label: string,
): SafeHtml {
  const rows = Math.max(task.baselinePhotos.length, task.photos.length);
  const cell = (photo: ReportPhoto | undefined, number: number) =>
    photo ? renderPhoto(photo, number, photoUrls, format, t) : html`<div class="photo-missing">${t.noPhoto}</div>`;
  return html`<div class="pairs">
    <div class="pair-heading">${label}</div>
    <div class="pair-heading">${t.thisRun}</div>
    ${Array.from({ length: rows }, (_, index) => [
      cell(task.baselinePhotos[index], index + 1),
      cell(task.photos[index], index + 1),
    ]).flat()}
  </div>`;
}

/** '3 photos · 3 required', '1 video (not shown) · 1 of 2 required missing', 'No photos · 1 required missing'. */
function proofSummary(task: ReportTask, t: ReportTexts): string {
  const captured = task.photos.length + task.videoCount;
  if (captured === 0 && task.requiredMedia === 0) return '';
  const media = [
    task.photos.length > 0 && t.photos(task.photos.length),
    task.videoCount > 0 && t.videosNotShown(task.videoCount),
  ].filter((part): part is string => typeof part === 'string');
  const parts = [media.length > 0 ? media.join(', ') : t.noPhotos];
  const missing = task.requiredMedia - captured;
  if (missing > 0) parts.push(t.requiredMissing(missing, task.requiredMedia));
  else if (task.requiredMedia > 0) parts.push(t.required(task.requiredMedia));
  return parts.join(' · ');
}

function renderPhoto(
  photo: ReportPhoto,
  number: number,
  photoUrls: PhotoUrls,
  format: ReportFormatter,
  t: ReportTexts,
): SafeHtml {
  const url = photoUrls.get(photo);
  const place =
    photo.address ??
    (photo.latitude !== null && photo.longitude !== null ? formatCoordinates(photo.latitude, photo.longitude) : null);
  // Device time and place are the phone's claims; the server's received time stands beside them.
  const caption = [
    `${t.deviceTime} ${photo.capturedAt ? format.dateTime(photo.capturedAt) : '—'}`,
    `${t.receivedByServer} ${photo.receivedAt ? format.dateTime(photo.receivedAt) : '—'}`,
    place && `${t.devicePosition} ${place}`,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return html`<figure>
    <div class="photo-frame">
      ${
        url
          ? html`<img src="${url}" alt="${t.photoNumber(number)}" />`
          : html`<div class="photo-missing">${t.photoNotShown(number)}</div>`
      }
    </div>
    ${caption.length > 0 && html`<figcaption>${caption.map((line) => html`<div>${line}</div>`)}</figcaption>`}
    ${renderPhotoFlags(photo.flags, t)}
  </figure>`;
}
