import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseVerificationUrl } from '@turnproof/config';
import { Report } from '@turnproof/db';
import { badRequest, HttpError } from '../http/errors.ts';

/** The size of an e-mailed report at most; a larger report is checked through the link printed on it. */
export const MAX_REPORT_PDF_BYTES = 10 * 1024 * 1024;
/** Longer than any verification link, so a link split across two chunks is still found whole. */
const LINK_OVERLAP_CHARS = 200;
const PDF_MAGIC = '%PDF-';
const tooLarge = () =>
  new HttpError(
    413,
    'This file is over 10 MB, more than a dropped PDF may be. Open the verification link printed on the report (its QR code) instead.',
  );

export interface PdfIdentification {
  /** True when the bytes are exactly a report we made. */
  recognised: boolean;
  run_id: string | null;
  version: number | null;
  sha256: string;
  message: string;
}

/**
 * Reads a posted PDF as it arrives, never holding it whole: its SHA-256 and the first verification
 * link it carries. Refused as soon as it is not a PDF or passes the size of a report.
 */
async function digestPdf(body: AsyncIterable<Buffer>, declaredBytes: number) {
  if (declaredBytes > MAX_REPORT_PDF_BYTES) throw tooLarge();
  const hash = createHash('sha256');
  let received = 0;
  let head = '';
  let tail = '';
  let claimed: ReturnType<typeof parseVerificationUrl> = null;
  for await (const chunk of body) {
    received += chunk.length;
    if (received > MAX_REPORT_PDF_BYTES) throw tooLarge();
    hash.update(chunk);
    if (head.length < PDF_MAGIC.length) {
      head += chunk.subarray(0, PDF_MAGIC.length - head.length).toString('latin1');
      if (!PDF_MAGIC.startsWith(head)) throw badRequest('This file is not a PDF.');
    }
    const text = tail + chunk.toString('latin1');
    claimed ??= parseVerificationUrl(text);
    tail = text.slice(-LINK_OVERLAP_CHARS);
  }
  if (received === 0) throw badRequest('The file is empty. Drop a Turnproof report PDF.');
  if (head !== PDF_MAGIC) throw badRequest('This file is not a PDF.');
  return { sha256: hash.digest('hex'), claimed };
}

/**
 * Which report a PDF (the posted body) is, by the SHA-256 recorded when each report was made. A PDF
 * that matches none may still carry its verification link (a link annotation, stored as plain text in
 * the file): then the answer names the run and version it claims to be, and says it is not that
 * report as made.
 */
export async function identifyPdf(
  em: EntityManager,
  body: AsyncIterable<Buffer>,
  declaredBytes: number,
): Promise<PdfIdentification> {
  const { sha256, claimed } = await digestPdf(body, declaredBytes);
  const report = await em.findOne(Report, { pdf_sha256: sha256 }, { populate: ['run.property'] });
  if (report) {
    return {
      recognised: true,
      run_id: report.run.id,
      version: report.version,
      sha256,
      message: `This is an unaltered Turnproof report: ${report.run.property.name}, run ${report.run.id}, version ${report.version}.`,
    };
  }
  if (claimed) {
    const version = claimed.version === null ? '' : `, version ${claimed.version}`;
    return {
      recognised: false,
      run_id: claimed.runId,
      version: claimed.version,
      sha256,
      message: `This PDF is not an unaltered Turnproof report. It names run ${claimed.runId}${version}, but its bytes differ from every report made for that run.`,
    };
  }
  return {
    recognised: false,
    run_id: null,
    version: null,
    sha256,
    message: 'This PDF is not a Turnproof report, or it has been altered beyond recognition.',
  };
}
