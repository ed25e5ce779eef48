export interface ReportKey {
  runId: string;
  version: number;
}

/** Where a report version's PDF is kept in the media storage. */
export const reportFilePath = ({ runId, version }: ReportKey) => `reports/${runId}/v${version}.pdf`;

/** The report as HTML (the owner's preview): the very document its PDF was printed from. */
export const reportHtmlPath = ({ runId, version }: ReportKey) => `reports/${runId}/v${version}.html`;
