import QRCode from 'qrcode';
import { html, type SafeHtml } from './html.ts';
import type { ReportProof, ReportReview } from './report-data.ts';
import { plural } from './report-format.ts';
import type { ReportFormatter } from './report-format.ts';

const DECISION_LABELS: Record<ReportReview['decision'], string> = {
  approved: 'Approved by the host',
  revision_requested: 'Revision requested by the host',
};

/** The host's review: approval or revision request, the score and the note. */
export function renderReview(review: ReportReview | null, format: ReportFormatter): SafeHtml | null {
  if (!review) return null;
  return html`<section class="review review-${review.decision}">
    <h2>Review</h2>
    <p>
      <strong>${DECISION_LABELS[review.decision]}</strong> · ${format.dateTime(review.reviewedAt)}
      ${review.score !== null && html` · Score ${review.score}/5`}
    </p>
    ${review.note && html`<p class="comment"><span class="comment-label">Host's note:</span> ${review.note}</p>`}
  </section>`;
}

/** How many of the log's entries the cleaner's phone signed with its own key (the PDF and /verify say it alike). */
export const signedOnPhone = (signed: number, entries: number) =>
  `${signed} of ${plural(entries, 'entry', 'entries')} signed on the cleaner's phone.`;

/**
 * The capture log's head as this version saw it (with its RFC 3161 timestamp when one was at hand), and a
 * QR code of the public page that recomputes it.
 * The link is also a real link, so a PDF that lost its match still names the run it claims to be.
 */
export async function renderProof(proof: ReportProof | null, format: ReportFormatter): Promise<SafeHtml | null> {
  if (!proof) return null;
  const qr = await QRCode.toDataURL(proof.verificationUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return html`<section class="proof">
    <h2>Proof</h2>
    <div class="proof-body">
      <img class="proof-qr" src="${qr}" alt="QR code of the verification page" />
      <div>
        <p>
          Capture log: ${plural(proof.entryCount, 'entry', 'entries')}, each chained to the one before by SHA-256. Times
          and positions marked "claimed" come from the cleaner's device; the server's received time is shown beside
          them.
        </p>
        <p class="signed-count">${signedOnPhone(proof.signedCount, proof.entryCount)}</p>
        <p>Chain head: <code class="chain-head">${proof.chainHead}</code></p>
        <p class="proof-anchor">
          ${
            proof.anchor
              ? `Independently timestamped: ${proof.anchor.tsa} signed this chain head at ${format.dateTime(proof.anchor.stampedAt)} (RFC 3161). The token and how to check it offline are on the verification page.`
              : 'Independent timestamps of this capture log by an RFC 3161 time-stamping authority, and how to check them offline, are listed on the verification page.'
          }
        </p>
        <p>Verify this report: <a href="${proof.verificationUrl}">${proof.verificationUrl}</a></p>
      </div>
    </div>
  </section>`;
}
