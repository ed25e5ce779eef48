import type { TrackedTask } from './run-messages.ts';

/** What each unfinished task still lacks, in the task's own words; empty when the run may complete. */
export function blockingTasks(tasks: TrackedTask[]): string[] {
  return tasks.flatMap((task) => {
    const missingMedia = Math.max(0, task.requiredMedia - task.confirmedMedia);
    const lacks = [
      ...(task.checked ? [] : ['not checked']),
      ...(missingMedia > 0 ? [`needs ${missingMedia} more photo${missingMedia === 1 ? '' : 's'}`] : []),
    ];
    return lacks.length ? [`${task.title} (${lacks.join(', ')})`] : [];
  });
}

export function incompleteRunMessage(blocking: string[]): string {
  return `Complete these tasks first: ${blocking.join('; ')}.`;
}

/** Milliseconds from `now` until `at` minus `before`, never negative. */
export function msUntil(atIso: string, nowMs: number, beforeMs = 0): number {
  return Math.max(0, Date.parse(atIso) - beforeMs - nowMs);
}
