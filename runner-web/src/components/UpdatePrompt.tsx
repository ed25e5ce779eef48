import { useSyncExternalStore } from 'react';
import { updateStore } from '../sw/register-service-worker.ts';

/** 'A new version is available' with Reload, while an updated service worker waits. */
export function UpdatePrompt() {
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot);
  if (!update.waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version is available</span>
      <button type="button" className="button button-secondary" onClick={update.reload}>
        Reload
      </button>
    </div>
  );
}
