export type RunLoad =
  | { state: 'loading' }
  | { state: 'invalid-link' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; run: RunSummary };

/** What this shell shows of a run until the full runner lands. */
export interface RunSummary {
  status: string | null;
  taskCount: number | null;
}

// The server's answers for an unknown (404), revoked or expired (410) token, and for a foreign task (403).
const INVALID_LINK_STATUSES = new Set([403, 404, 410]);
const FAILED = { state: 'failed', message: 'Failed to load run data' } as const;

/** GET /api/public/run for the token; only an abort rejects. */
export async function loadRun(token: string, signal: AbortSignal): Promise<RunLoad> {
  let response: Response;
  try {
    response = await fetch(`/api/public/run?token=${encodeURIComponent(token)}`, {
      signal,
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return FAILED;
  }
  if (INVALID_LINK_STATUSES.has(response.status)) return { state: 'invalid-link' };
  if (!response.ok) return FAILED;
  try {
    return { state: 'loaded', run: summarize(await response.json()) };
  } catch (error) {
    if (signal.aborted) throw error;
    return FAILED;
  }
}

function summarize(body: unknown): RunSummary {
  const run = isRecord(body) && isRecord(body.run) ? body.run : body;
  if (!isRecord(run)) return { status: null, taskCount: null };
  return {
    status: typeof run.status === 'string' ? run.status : null,
    taskCount: Array.isArray(run.tasks) ? run.tasks.length : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
