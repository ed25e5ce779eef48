import { useSyncExternalStore } from 'react';
import { useMessages } from '../i18n/locale.ts';
import { updateStore } from '../sw/update-store.ts';

/** 'A new version is available' with Reload, while an updated service worker waits. */
export function UpdatePrompt() {
  const t = useMessages();
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, updateStore.getSnapshot);
  if (!update.waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t.newVersion}</span>
      <button type="button" className="button button-secondary" onClick={update.reload}>
        {t.reload}
      </button>
    </div>
  );
}
