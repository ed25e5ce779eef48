import { useCallback, useEffect, useRef } from 'react';
import { elapsedSeconds } from './run-model.ts';

/** The task timer: restarts whenever `taskId` (the current task) changes; answers the seconds since. */
export function useTaskTimer(taskId: string | null): () => number {
  // Set when the task shows (the effect runs on mount too), not while rendering.
  const startedAt = useRef(0);
  useEffect(() => {
    startedAt.current = Date.now();
  }, [taskId]);
  return useCallback(() => elapsedSeconds(startedAt.current, Date.now()), []);
}
