import { ActivityFailure, ApplicationFailure, RetryState, TimeoutFailure, TimeoutType } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { reportFailureReason } from '../src/report-failure.ts';

const activityFailure = (cause: Error) =>
  new ActivityFailure(
    'Activity task failed',
    'renderReport',
    '3',
    RetryState.MAXIMUM_ATTEMPTS_REACHED,
    'worker',
    cause,
  );

describe('the reason a host reads on a failed report', () => {
  it("is the renderer's sentence, not the SDK's 'Activity task failed'", () => {
    const cause = ApplicationFailure.create({
      type: 'PdfPrintError',
      message: 'The PDF could not be printed: Chromium is not installed on the worker.',
    });
    expect(reportFailureReason(activityFailure(cause))).toBe(
      'The PDF could not be printed: Chromium is not installed on the worker.',
    );
  });

  it('names a timeout and any other activity error in a sentence', () => {
    expect(reportFailureReason(activityFailure(new TimeoutFailure(undefined, undefined, TimeoutType.HEARTBEAT)))).toBe(
      'The report could not be made: no worker finished it in time.',
    );
    const other = ApplicationFailure.create({ type: 'Error', message: 'Run 42 not found' });
    expect(reportFailureReason(activityFailure(other))).toBe('The report could not be made: Run 42 not found');
    expect(reportFailureReason('boom')).toBe('The report could not be made: an unexpected error occurred.');
  });
});
