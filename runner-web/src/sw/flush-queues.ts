import { offlineDb, type OfflineDb, pendingActions, pendingMedia } from '../offline/offline-db.ts';
import { deviceSigning } from '../offline/device-key.ts';
import { createRunnerApi } from '../offline/runner-api.ts';
import { syncToken } from '../offline/sync.ts';

/** The links that have something stored on this device (synced items stay until their link's queue empties). */
async function storedTokens(db: OfflineDb): Promise<Set<string>> {
  const tokens = new Set<string>();
  for (const store of ['actions', 'media'] as const) {
    const index = db.transaction(store).store.index('token');
    for (let cursor = await index.openKeyCursor(null, 'nextunique'); cursor; cursor = await cursor.continue()) {
      tokens.add(cursor.key);
    }
  }
  return tokens;
}

/**
 * The service worker's own sync, for a Background Sync event with no runner page open: sends every
 * link's queue as the page would (syncToken). Throws when a queue failed in a way worth trying again,
 * so that the browser fires the sync event again later.
 */
export async function flushQueues(): Promise<void> {
  const db = await offlineDb();
  const api = createRunnerApi();
  let retryable: unknown = null;
  for (const token of await storedTokens(db)) {
    const [actions, media] = await Promise.all([pendingActions(db, token), pendingMedia(db, token)]);
    if (actions.length === 0 && media.length === 0) continue;
    const result = await syncToken(token, { db, api, ...deviceSigning(api) });
    if (!result.ok && result.retryable) retryable = result.error;
  }
  if (retryable) throw retryable;
}
