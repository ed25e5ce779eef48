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
}

/** The start of every claim PDF path of a run, whatever its report version and capture-log length. */
export const claimPdfFolder = (runId: string) => `reports/${runId}/claim-`;

/** Kept beside the run's reports, so deleting the run or the account removes it with them. */
export const claimPdfPath = ({ runId, reportVersion, evidenceSeq }: ClaimPackKey) =>
  `${claimPdfFolder(runId)}v${reportVersion}-e${evidenceSeq}.pdf`;

/**
 * A photo's (or change map's) copy downscaled for reports, beside it and removed with it: made once, when
 * the photo is checked (the map made), so a report (and the next run's, which shows the photo as its
 * reference) reads it instead of downscaling the original while the host waits.
 */
export const reportPhotoCopyPath = (imagePath: string) => `${imagePath}.report.jpg`;
