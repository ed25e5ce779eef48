export {
  summariseReport,
  type ReportData,
  type ReportIssue,
  type ReportPhoto,
  type ReportSummary,
  type ReportTask,
  type RunType,
} from './report-data.ts';
export { buildReportHtml, writeReportHtml } from './report-html.ts';
export { downscaleReportPhoto, encodeReportPhoto, reportPhotoPixels } from './report-photo.ts';
export { createPdfRenderer, type PdfRenderer, type PdfRendererOptions } from './pdf-renderer.ts';
export { escapeHtml } from './html.ts';
export { signedOnPhone } from './report-proof.ts';
export { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumLaunchOptions } from './chromium-launch.ts';
export { buildClaimHtml, type ClaimData, type ClaimIssue, type ClaimPhoto } from './claim-html.ts';
export { CHROMIUM_MISSING, PdfPrintError } from './pdf-problem.ts';
export {
  claimPdfFolder,
  claimPdfPath,
  type ClaimPackKey,
  reportFilePath,
  reportHtmlPath,
  type ReportKey,
  reportPhotoCopyPath,
} from './report-paths.ts';
export { type ReportChangeMap } from './change-map-html.ts';
export { photoFlagsOf, type ReportPhotoFlag } from './photo-flags-html.ts';
export { REPORT_TEXTS, type ReportTexts } from './report-texts.ts';
