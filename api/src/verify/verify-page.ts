import { html, SafeHtml } from '@turnproof/platform/html';
import { REPORT_TEXTS, signedOnPhone } from '@turnproof/platform/report';
import { formatDateTime } from '@turnproof/config/time-format';
import type { RunVerification } from './run-verification.ts';
import { standalonePage } from '../http/standalone-page.ts';

/** The run types' names as the English report prints them (the page is in English, as the sample report). */
const RUN_TYPE_LABELS: Record<string, string> = REPORT_TEXTS.en.runTypes;

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1f2937; max-width: 860px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 24px 0 8px; }
.verdict { border-radius: 8px; padding: 12px 16px; font-weight: 600; margin: 16px 0; }
.valid { background: #dcfce7; color: #14532d; } .invalid { background: #fee2e2; color: #7f1d1d; }
.problems li { margin-bottom: 6px; } .muted { color: #6b7280; font-size: 13px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; } th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid #e5e7eb; }
code { font-size: 12px; overflow-wrap: anywhere; }
#drop { border: 2px dashed #94a3b8; border-radius: 8px; padding: 24px; text-align: center; margin-top: 8px; }
#drop.over { background: #f1f5f9; } #pdf-answer { margin-top: 12px; }
`;

/**
 * Dropping a PDF posts its bytes to /api/public/verify and shows the answer; the rest of the page reads
 * without JavaScript.
 */
const DROP_SCRIPT = `
const drop = document.getElementById('drop');
const input = document.getElementById('pdf-file');
const answer = document.getElementById('pdf-answer');
async function check(file) {
  answer.textContent = 'Checking ' + file.name + '…';
  const response = await fetch('/api/public/verify', { method: 'POST', headers: { 'Content-Type': 'application/pdf' }, body: file });
  const body = await response.json();
  answer.className = 'verdict ' + (body.recognised ? 'valid' : 'invalid');
  answer.textContent = body.message || body.error;
}
input.addEventListener('change', () => input.files[0] && check(input.files[0]));
drop.addEventListener('dragover', (event) => { event.preventDefault(); drop.classList.add('over'); });
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (event) => {
  event.preventDefault();
  drop.classList.remove('over');
  if (event.dataTransfer.files[0]) check(event.dataTransfer.files[0]);
});
`;

const page = (title: string, body: SafeHtml) => standalonePage({ language: 'en', title, style: STYLE, body });

const dropZone = html`<h2>Check a report PDF</h2>
  <div id="drop">
    <label for="pdf-file">Drop a report PDF here, or choose one:</label>
    <input id="pdf-file" type="file" accept="application/pdf" />
  </div>
  <div id="pdf-answer" role="status" aria-live="polite"></div>
  <script>
    ${new SafeHtml(DROP_SCRIPT)};
  </script>`;

/** The public verification page of a run: the verdict, what fails, each report version, the log. */
export function verificationPage(result: RunVerification, askedVersion: number | null): string {
  const { run } = result;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, run.time_zone) : '—');
  const asked = askedVersion === null ? null : result.reports.find((report) => report.version === askedVersion);
  return page(
    `Verify ${run.property} – Turnproof`,
    html`<h1>Turnproof verification</h1>
      <p>${RUN_TYPE_LABELS[run.type] ?? run.type} · ${run.property} · Run <code>${run.id}</code></p>
      <div class="verdict ${result.valid ? 'valid' : 'invalid'}" id="verdict">
        ${
          result.valid
            ? `Valid: the capture log (${result.entry_count} entries), every photo and every report match.`
            : `Not valid: ${result.problems.length} thing${result.problems.length === 1 ? '' : 's'} no longer match${result.problems.length === 1 ? 'es' : ''}.`
        }
      </div>
      <p id="signed-count">${signedOnPhone(result.signed_count, result.entry_count)}</p>
      ${
        asked &&
        html`<p id="asked-version">
          Report version ${asked.version}: ${asked.valid ? 'matches' : 'does not match'} the capture log and its
          recorded PDF.
        </p>`
      }
      ${
        result.problems.length > 0 &&
        html`<h2>What fails</h2>
          <ul class="problems">
            ${result.problems.map((problem) => html`<li data-kind="${problem.kind}">${problem.message}</li>`)}
          </ul>`
      }
      <h2>Reports</h2>
      <table>
        <tr>
          <th>Version</th>
          <th>Made</th>
          <th>Entries</th>
          <th>Chain head</th>
          <th>Matches</th>
        </tr>
        ${result.reports.map(
          (report) =>
            html`<tr>
              <td>${report.version}</td>
              <td>${when(report.generated_at)}</td>
              <td>${report.entry_count ?? '—'}</td>
              <td><code>${report.chain_head ?? '—'}</code></td>
              <td>${report.valid ? 'Yes' : 'No'}</td>
            </tr>`,
        )}
      </table>
      <h2>Independent timestamps</h2>
      ${
        result.anchors.length === 0
          ? html`<p id="no-anchors">
              No time-stamping authority has signed this log yet. Runs are stamped when they are completed and every
              hour while they are open.
            </p>`
          : html`<table id="anchors">
                <tr>
                  <th>Entries</th>
                  <th>Stamped</th>
                  <th>Authority</th>
                  <th>Head</th>
                  <th>Token</th>
                </tr>
                ${result.anchors.map(
                  (anchor) =>
                    html`<tr>
                      <td>${anchor.seq}</td>
                      <td>${when(anchor.time)}</td>
                      <td>${anchor.tsa}</td>
                      <td><code>${anchor.head}</code></td>
                      <td><a href="${anchor.timestamp_url}" download>Download .tsr</a></td>
                    </tr>`,
                )}
              </table>
              <p class="muted">
                An RFC 3161 time-stamping authority signed the log's head at the time shown, so the entries up to it
                existed then, whatever our own clock says. Anyone can check a token offline, with the authority's root
                certificate:
                <code>openssl ts -verify -digest &lt;head&gt; -in token.tsr -CAfile &lt;tsa-root.pem&gt;</code> must
                answer <code>Verification: OK</code>.
              </p>`
      }
      <h2>Capture log</h2>
      <p class="muted">
        Device times are the cleaner's phone's claims; the server's received time is its own clock. Chain head:
        <code>${result.chain_head || '—'}</code>
      </p>
      <table>
        <tr>
          <th>#</th>
          <th>Action</th>
          <th>Device time (claimed)</th>
          <th>Received by server</th>
          <th>Signed on the phone</th>
        </tr>
        ${result.entries.map(
          (entry) =>
            html`<tr>
              <td>${entry.seq}</td>
              <td>${entry.label}</td>
              <td>${when(entry.device_time)}</td>
              <td>${when(entry.received_at)}</td>
              <td>${entry.signed ? 'Yes' : 'No'}</td>
            </tr>`,
        )}
      </table>
      ${dropZone}`,
  );
}

/** The page for a run id we do not know (or that is not a run id): still offers the PDF check. */
export function unknownRunPage(): string {
  return page(
    'Verify a report – Turnproof',
    html`<h1>Turnproof verification</h1>
      <div class="verdict invalid" id="verdict">No Turnproof run has this id.</div>
      ${dropZone}`,
  );
}

/** The page a visitor sees past the verification budget of their address. */
export function busyPage(message: string): string {
  return page(
    'Verify a report – Turnproof',
    html`<h1>Turnproof verification</h1>
      <div class="verdict invalid" id="verdict">${message}</div>`,
  );
}
