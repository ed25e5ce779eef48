import { cachedRun, cacheRun, offlineDb } from './offline/offline-db.ts';
import { RunnerApiError, type RunnerApi } from './offline/runner-api.ts';
import { parseRunAnswer, type PublicRun } from './run-model.ts';

export type RunLoad =
  | { state: 'loading' }
  | { state: 'invalid-link' }
  | { state: 'failed' }
  | { state: 'loaded'; run: PublicRun; source: RunSource };

export interface RunSource {
  /** true when the server could not be reached and this is the device's last copy */
  fromCache: boolean;
  /** ms since the epoch, when the data left the server */
  fetchedAt: number;
}

/** 'Failed to load run data': neither the server nor this device has the run. */
const FAILED = { state: 'failed' } as const;

/** The run from the server (kept in the run cache), or the cached copy when the server cannot be reached. */
export async function loadRun(api: RunnerApi, token: string, signal?: AbortSignal): Promise<RunLoad> {
  try {
    const body = await api.getRun(token, signal);
    const run = parseRunAnswer(body);
    if (!run) return FAILED;
    const fetchedAt = Date.now();
    await offlineDb()
      .then((db) => cacheRun(db, token, body, fetchedAt))
      .catch(() => undefined);
    return { state: 'loaded', run, source: { fromCache: false, fetchedAt } };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof RunnerApiError && error.invalidLink) return { state: 'invalid-link' };
    const cached = await offlineDb()
      .then((db) => cachedRun(db, token))
      .catch(() => undefined);
    const run = cached ? parseRunAnswer(cached.data) : null;
    if (!cached || !run) return FAILED;
    return { state: 'loaded', run, source: { fromCache: true, fetchedAt: cached.timestamp } };
  }
}
