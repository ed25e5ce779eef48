import { useCallback, useEffect, useRef } from 'react';
import { elapsedSeconds } from './run-model.ts';

/** The task timer: restarts whenever `taskId` (the current task) changes; answers the seconds since. */
export function useTaskTimer(taskId: string | null): () => number {
  const startedAt = useRef(Date.now());
  useEffect(() => {
    startedAt.current = Date.now();
  }, [taskId]);
  return useCallback(() => elapsedSeconds(startedAt.current, Date.now()), []);
}
