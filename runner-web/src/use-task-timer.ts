import { useCallback, useEffect, useRef } from 'react';
import { elapsedSeconds } from './run-model.ts';

/**
 * The task timer: restarts whenever `taskId` (the current task) changes and stands still while the run is
 * paused (`paused`); answers the seconds worked on the task since.
 */
export function useTaskTimer(taskId: string | null, paused = false): () => number {
  // Set when the task shows (the effect runs on mount too), not while rendering.
  const startedAt = useRef(0);
  const pausedMs = useRef(0);
  const pausedAt = useRef<number | null>(null);
  useEffect(() => {
    startedAt.current = Date.now();
    pausedMs.current = 0;
    pausedAt.current = null;
  }, [taskId]);
  useEffect(() => {
    if (paused) {
      pausedAt.current ??= Date.now();
    } else if (pausedAt.current !== null) {
      pausedMs.current += Date.now() - pausedAt.current;
      pausedAt.current = null;
    }
  }, [paused]);
  return useCallback(() => {
    const now = pausedAt.current ?? Date.now();
    return elapsedSeconds(startedAt.current + pausedMs.current, now);
  }, []);
}
