import type { Language } from '@turnproof/config/languages';

export interface ReportKey {
  runId: string;
  version: number;
}

/** Where a report version's PDF is kept in the media storage. */
export const reportFilePath = ({ runId, version }: ReportKey) => `reports/${runId}/v${version}.pdf`;

/** The report as HTML (the owner's preview): the very document its PDF was printed from. */
export const reportHtmlPath = ({ runId, version }: ReportKey) => `reports/${runId}/v${version}.html`;

/**
 * What a damage-claim PDF was printed from: the newest ready report version (0 when none; its
 * verification link is printed) and the capture log's length, which grows with every task, photo and issue.
 */
export interface ClaimPackKey {
  runId: string;
  reportVersion: number;
  evidenceSeq: number;
  /**
   * The language it is printed in: the asking host's, so a host who changed it in Settings gets a new print.
   * Absent in keys made before the PDFs spoke languages (workflows then in flight): the owner's is read.
   */
  language?: Language;
}

/** The start of every claim PDF path of a run, whatever its report version and capture-log length. */
export const claimPdfFolder = (runId: string) => `reports/${runId}/claim-`;

/** Kept beside the run's reports, so deleting the run or the account removes it with them. */
export const claimPdfPath = ({ runId, reportVersion, evidenceSeq, language }: ClaimPackKey) =>
  // English keeps the path it had before languages, so the packs printed then are still found.
  `${claimPdfFolder(runId)}v${reportVersion}-e${evidenceSeq}${language && language !== 'en' ? `-${language}` : ''}.pdf`;

/**
 * A photo's (or change map's) copy downscaled for reports, beside it and removed with it: made once, when
 * the photo is checked (the map made), so a report (and the next run's, which shows the photo as its
 * reference) reads it instead of downscaling the original while the host waits.
 */
export const reportPhotoCopyPath = (imagePath: string) => `${imagePath}.report.jpg`;
