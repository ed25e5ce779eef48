import QRCode from 'qrcode';
import { html, type SafeHtml } from './html.ts';
import type { ReportProof, ReportReview } from './report-data.ts';
import type { ReportFormatter } from './report-format.ts';
import { REPORT_TEXTS, type ReportTexts } from './report-texts.ts';

/** The host's review: approval or revision request, the score and the note. */
export function renderReview(review: ReportReview | null, format: ReportFormatter, t: ReportTexts): SafeHtml | null {
  if (!review) return null;
  return html`<section class="review review-${review.decision}">
    <h2>${t.review}</h2>
    <p>
      <strong>${t.decisions[review.decision]}</strong> · ${format.dateTime(review.reviewedAt)}
      ${review.score !== null && t.score(review.score)}
    </p>
    ${review.note && html`<p class="comment"><span class="comment-label">${t.hostNote}</span> ${review.note}</p>`}
  </section>`;
}

/**
 * How many of the log's entries the cleaner's phone signed with its own key: /verify says it as the English
 * PDF does (the PDF in the host's language says `signedOnPhone` of its texts).
 */
export const signedOnPhone = REPORT_TEXTS.en.signedOnPhone;

/**
 * The capture log's head as this version saw it (with its RFC 3161 timestamp when one was at hand), and a
 * QR code of the public page that recomputes it.
 * The link is also a real link, so a PDF that lost its match still names the run it claims to be.
 */
export async function renderProof(
  proof: ReportProof | null,
  format: ReportFormatter,
  t: ReportTexts,
): Promise<SafeHtml | null> {
  if (!proof) return null;
  const qr = await QRCode.toDataURL(proof.verificationUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return html`<section class="proof">
    <h2>${t.proof}</h2>
    <div class="proof-body">
      <img class="proof-qr" src="${qr}" alt="${t.qrCode}" />
      <div>
        <p>${t.captureLog(proof.entryCount)}</p>
        <p class="signed-count">${t.signedOnPhone(proof.signedCount, proof.entryCount)}</p>
        <p>${t.chainHead} <code class="chain-head">${proof.chainHead}</code></p>
        <p class="proof-anchor">
          ${proof.anchor ? t.anchored(proof.anchor.tsa, format.dateTime(proof.anchor.stampedAt)) : t.notAnchored}
        </p>
        <p>${t.verify} <a href="${proof.verificationUrl}">${proof.verificationUrl}</a></p>
      </div>
    </div>
  </section>`;
}
