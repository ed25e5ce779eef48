/**
 * The public verification page of a run, printed in its reports (text and QR code): the version says
 * which report the reader holds. The API, the worker and the tests build it the same way from here.
 */
export function verificationUrl(publicOrigin: string, runId: string, version?: number): string {
  return `${publicOrigin}/verify/${runId}${version === undefined ? '' : `?v=${version}`}`;
}

/** The run id and version in a verification URL (of any origin), or null when the text holds none. */
export function parseVerificationUrl(text: string): { runId: string; version: number | null } | null {
  const match = /\/verify\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?v=(\d+))?/i.exec(text);
  if (!match) return null;
  return { runId: match[1]!.toLowerCase(), version: match[2] ? Number(match[2]) : null };
}

/** A run's page in the host's console, where mails and notifications about the run point. */
export const consoleRunUrl = (publicOrigin: string, runId: string): string => `${publicOrigin}/runs/${runId}/show`;

/** A work order's page in the host's console (its overdue and completion mails point there). */
export const consoleWorkOrderUrl = (publicOrigin: string, workOrderId: string): string =>
  `${publicOrigin}/work-orders/${workOrderId}/show`;
