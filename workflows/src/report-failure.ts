import { ApplicationFailure, TimeoutFailure } from '@temporalio/common';

/**
 * The sentence a host reads on a failed report. Temporal wraps an activity's error ('Activity task
 * failed'); the activity's own message (e.g. 'The PDF could not be printed: Chromium is not installed on
 * the worker.') is further down the cause chain.
 */
export function reportFailureReason(error: unknown): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof TimeoutFailure) return 'The report could not be made: no worker finished it in time.';
    if (cause instanceof ApplicationFailure) {
      return cause.type === 'PdfPrintError' ? cause.message : `The report could not be made: ${cause.message}`;
    }
  }
  return 'The report could not be made: an unexpected error occurred.';
}
