import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const snapshot = () => navigator.onLine !== false;

/** navigator.onLine, kept current by the 'online' and 'offline' events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
