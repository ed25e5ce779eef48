import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseVerificationUrl } from '@turnproof/config';
import { Report } from '@turnproof/db';
import { badRequest } from '../http/errors.ts';

export interface PdfIdentification {
  /** True when the bytes are exactly a report we made. */
  recognised: boolean;
  run_id: string | null;
  version: number | null;
  sha256: string;
  message: string;
}

/**
 * Which report a PDF is, by the SHA-256 recorded when each report was made. A PDF that matches none
 * may still carry its verification link (a link annotation, stored as plain text in the file): then the
 * answer names the run and version it claims to be, and says it is not that report as made.
 */
export async function identifyPdf(em: EntityManager, bytes: Buffer): Promise<PdfIdentification> {
  if (bytes.length === 0) throw badRequest('The file is empty. Drop a Turnproof report PDF.');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('This file is not a PDF.');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
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
  const claimed = parseVerificationUrl(bytes.toString('latin1'));
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
