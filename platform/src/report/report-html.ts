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
  plural,
  RUN_TYPE_LABELS,
  type ReportFormatter,
} from './report-format.ts';
import { CHANGE_MAP_CSS, type ReportChangeMap, renderChangeMaps } from './change-map-html.ts';
import { PHOTO_FLAGS_CSS, renderPhotoFlags } from './photo-flags-html.ts';
import { reportPhotoDataUrls, spoolReportPhotos } from './report-photo.ts';
import { renderProof, renderReview } from './report-proof.ts';
import { REPORT_CSS } from './report-styles.ts';
import { inSpan } from '../tracing/spans.ts';

const SEVERITY_ORDER: Record<ReportIssue['severity'], number> = { high: 0, medium: 1, low: 2 };
const SEVERITY_LABELS: Record<ReportIssue['severity'], string> = { high: 'High', medium: 'Medium', low: 'Low' };
const ISSUE_KIND_LABELS: Record<ReportIssue['kind'], string> = {
  issue: 'Issue',
  overdue: 'Overdue',
  at_risk: 'Check-in at risk',
  calendar: 'Booking calendar',
  guest_present: 'Guest still here',
};

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
  const format = createReportFormatter(data.timeZone);
  const document = html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta
        http-equiv="Content-Security-Policy"
        content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"
      />
      <title>Turnproof Inspection Report – ${data.propertyName}</title>
      <style>
        ${new SafeHtml(REPORT_CSS + CHANGE_MAP_CSS + PHOTO_FLAGS_CSS)}
      </style>
    </head>
    <body>
      ${renderHeader(data)} ${renderOverview(data, summariseReport(data.tasks), format)}
      ${renderReview(data.review, format)} ${renderIssues(data.issues, photoUrls, format)}
      ${renderSupplies(data.supplies)} ${renderTasks(data.tasks, photoUrls, format, data.baselineLabel)}
      ${await renderProof(data.proof, format)}
      <footer class="report-footer">
        Generated ${format.dateTime(data.generatedAt)} · Run ${data.runId} · Report version ${data.version}
      </footer>
    </body>
  </html>`;
  return `<!doctype html>\n${document.markup}\n`;
}

function renderHeader(data: ReportData): SafeHtml {
  return html`<header class="report-header">
    <div class="brand">Turnproof Inspection Report</div>
    <h1>${data.propertyName}</h1>
    <p class="address">${data.propertyAddress}</p>
    <span class="run-type">${RUN_TYPE_LABELS[data.runType]}</span>
  </header>`;
}

function renderOverview(data: ReportData, summary: ReportSummary, format: ReportFormatter): SafeHtml {
  const tenancy = data.runType === 'turnover' ? [] : tenancyFacts(data.meta, format);
  const duration = durationSecondsBetween(data.startedAt, data.endedAt);
  const facts: [string, string][] = [
    ['Checklist', data.checklistName],
    ...tenancy,
    ['Started', data.startedAt ? format.dateTime(data.startedAt) : '—'],
    ['Ended', data.endedAt ? format.dateTime(data.endedAt) : '—'],
    ['Duration', duration === null ? '—' : formatDuration(duration)],
    ...hoursFacts(data.hours ?? null, format),
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
        ${summary.completed_tasks} of ${plural(summary.total_tasks, 'task')} completed (${summary.completion_rate}%)
      </div>
      <div class="progress"><span style="width: ${summary.completion_rate}%"></span></div>
    </div>
  </section>`;
}

/** Work time without pauses, each pause, arrival, distance from the property and a late checkout, when known. */
function hoursFacts(hours: RunHours | null, format: ReportFormatter): [string, string][] {
  if (!hours) return [];
  const facts: [string, string][] = [];
  if (hours.work_seconds !== null) facts.push(['Work time', formatDuration(hours.work_seconds)]);
  for (const pause of hours.pauses) {
    const until = pause.resumed_at ? format.dateTime(pause.resumed_at) : '—';
    const length = pause.resumed_at
      ? ` (${formatDuration(durationSecondsBetween(pause.paused_at, pause.resumed_at)!)})`
      : '';
    facts.push(['Paused', `${format.dateTime(pause.paused_at)} – ${until}${length}`]);
  }
  if (hours.arrived_at) facts.push(['Arrived', format.dateTime(hours.arrived_at)]);
  if (hours.far_from_property_meters !== null)
    facts.push(['Away from the property', `Worked up to ${formatDistance(hours.far_from_property_meters)} away`]);
  if (hours.guest_present_at) facts.push(['Guest still here', format.dateTime(hours.guest_present_at)]);
  if (hours.late_checkout_minutes !== null)
    facts.push(['Late checkout', formatDuration(hours.late_checkout_minutes * 60)]);
  return facts;
}

/** '850 m', '2.4 km'. */
function formatDistance(meters: number): string {
  return meters < 1000 ? `${meters} m` : `${(meters / 1000).toFixed(1)} km`;
}

function tenancyFacts(meta: ReportData['meta'], format: ReportFormatter): [string, string][] {
  const facts: [string, string][] = [];
  if (meta.unit) facts.push(['Unit', meta.unit]);
  const tenant = [meta.tenant_name, meta.tenant_email].filter(Boolean).join(' · ');
  if (tenant) facts.push(['Tenant', tenant]);
  const start = meta.lease_start ? format.calendarDate(meta.lease_start) : undefined;
  const end = meta.lease_end ? format.calendarDate(meta.lease_end) : undefined;
  if (start || end)
    facts.push(['Lease', start && end ? `${start} – ${end}` : start ? `From ${start}` : `Until ${end}`]);
  return facts;
}

function renderIssues(issues: ReportIssue[], photoUrls: PhotoUrls, format: ReportFormatter): SafeHtml | null {
  if (issues.length === 0) return null;
  const bySeverity = [...issues].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return html`<section>
    <h2>Issues (${issues.length})</h2>
    <ul class="issues">
      ${bySeverity.map(
        (issue) =>
          html`<li class="issue severity-${issue.severity}">
            <div class="issue-heading">
              <span class="severity">${SEVERITY_LABELS[issue.severity]}</span> · ${ISSUE_KIND_LABELS[issue.kind]}
            </div>
            <div class="description">${issue.description}</div>
            <div class="issue-meta">
              ${issue.taskTitle && html`Task: ${issue.taskTitle} · `}Reported ${format.dateTime(issue.createdAt)}
            </div>
            ${
              issue.photos.length > 0 &&
              html`<div class="photos">
                ${issue.photos.map((photo, index) => renderPhoto(photo, index + 1, photoUrls, format))}
              </div>`
            }
          </li>`,
      )}
    </ul>
  </section>`;
}

/** What the cleaner counted against each par level, and what to bring (the restock list's line). */
function renderSupplies(supplies: ReportSupply[]): SafeHtml | null {
  if (supplies.length === 0) return null;
  const found = (supply: ReportSupply) =>
    supply.level === null ? 'Not counted' : supply.level === 'low' ? 'Low' : `${supply.count} ${supply.unit}`;
  const toBring = (supply: ReportSupply) => {
    if (supply.level === 'low') return `Top up to ${supply.parLevel}`;
    if (supply.count === null || supply.count >= supply.parLevel) return '—';
    return `${supply.parLevel - supply.count} ${supply.unit}`;
  };
  return html`<section>
    <h2>Supplies</h2>
    <table class="supplies">
      <thead>
        <tr>
          <th>Supply</th>
          <th>Par level</th>
          <th>Counted</th>
          <th>To bring</th>
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
  baselineLabel: string | null,
): SafeHtml {
  return html`<section>
    <h2>Tasks</h2>
    ${
      tasks.length === 0
        ? html`<p>This checklist has no tasks.</p>`
        : tasks.map((task, index) => renderTask(task, index + 1, photoUrls, format, baselineLabel))
    }
  </section>`;
}

function renderTask(
  task: ReportTask,
  number: number,
  photoUrls: PhotoUrls,
  format: ReportFormatter,
  baselineLabel: string | null,
): SafeHtml {
  const details = [
    task.checkedAt && `Checked ${format.dateTime(task.checkedAt)}`,
    task.durationSeconds !== null && `Took ${formatDuration(task.durationSeconds)}`,
    proofSummary(task),
  ].filter((detail): detail is string => typeof detail === 'string' && detail !== '');
  return html`<article class="task">
    <div class="task-heading">
      <span class="task-number">${number}.</span>
      <h3>${task.title}</h3>
      ${
        task.checked
          ? html`<span class="status done">✓ Completed</span>`
          : html`<span class="status not-done">✗ Not completed</span>`
      }
    </div>
    <div class="task-body">
      ${task.description && html`<p class="description">${task.description}</p>`}
      ${details.length > 0 && html`<p class="task-meta">${details.join(' · ')}</p>`}
      ${task.comment && html`<p class="comment"><span class="comment-label">Comment:</span> ${task.comment}</p>`}
      ${
        task.baselinePhotos.length > 0
          ? renderPairs(task, photoUrls, format, baselineLabel ?? 'Before')
          : task.photos.length > 0 &&
            html`<div class="photos">
              ${task.photos.map((photo, index) => renderPhoto(photo, index + 1, photoUrls, format))}
            </div>`
      }
      ${renderChangeMaps(task.changeMaps ?? [], photoUrls, 'confirmed')}
    </div>
  </article>`;
}

/** The baseline run's photos of the task beside this run's, pair by pair: the angle matches up. */
function renderPairs(task: ReportTask, photoUrls: PhotoUrls, format: ReportFormatter, label: string): SafeHtml {
  const rows = Math.max(task.baselinePhotos.length, task.photos.length);
  const cell = (photo: ReportPhoto | undefined, number: number) =>
    photo ? renderPhoto(photo, number, photoUrls, format) : html`<div class="photo-missing">No photo</div>`;
  return html`<div class="pairs">
    <div class="pair-heading">${label}</div>
    <div class="pair-heading">This run</div>
    ${Array.from({ length: rows }, (_, index) => [
      cell(task.baselinePhotos[index], index + 1),
      cell(task.photos[index], index + 1),
    ]).flat()}
  </div>`;
}

/** '3 photos · 3 required', '1 video (not shown) · 1 of 2 required missing', 'No photos · 1 required missing'. */
function proofSummary(task: ReportTask): string {
  const captured = task.photos.length + task.videoCount;
  if (captured === 0 && task.requiredMedia === 0) return '';
  const media = [
    task.photos.length > 0 && plural(task.photos.length, 'photo'),
    task.videoCount > 0 && `${plural(task.videoCount, 'video')} (not shown)`,
  ].filter((part): part is string => typeof part === 'string');
  const parts = [media.length > 0 ? media.join(', ') : 'No photos'];
  const missing = task.requiredMedia - captured;
  if (missing > 0) parts.push(`${missing} of ${task.requiredMedia} required missing`);
  else if (task.requiredMedia > 0) parts.push(`${task.requiredMedia} required`);
  return parts.join(' · ');
}

function renderPhoto(photo: ReportPhoto, number: number, photoUrls: PhotoUrls, format: ReportFormatter): SafeHtml {
  const url = photoUrls.get(photo);
  const place =
    photo.address ??
    (photo.latitude !== null && photo.longitude !== null ? formatCoordinates(photo.latitude, photo.longitude) : null);
  // Device time and place are the phone's claims; the server's received time stands beside them.
  const caption = [
    `Device time (claimed): ${photo.capturedAt ? format.dateTime(photo.capturedAt) : '—'}`,
    `Received by server: ${photo.receivedAt ? format.dateTime(photo.receivedAt) : '—'}`,
    place && `Device position (claimed): ${place}`,
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  return html`<figure>
    <div class="photo-frame">
      ${
        url
          ? html`<img src="${url}" alt="Photo ${number}" />`
          : html`<div class="photo-missing">Photo ${number} could not be displayed</div>`
      }
    </div>
    ${caption.length > 0 && html`<figcaption>${caption.map((line) => html`<div>${line}</div>`)}</figcaption>`}
    ${renderPhotoFlags(photo.flags)}
  </figure>`;
}
