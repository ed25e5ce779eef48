import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Chip } from '@mui/material';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNotify } from 'react-admin';
import { useT } from '../i18n/useT.ts';

/** The spec's connectivity toast stays 3 s. */
const TOAST_MS = 3_000;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a connection, kept current by its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** 'Offline mode' when the connection drops, 'Back online' when it returns (not on the first render). */
export function useConnectivityToasts(online: boolean) {
  const t = useT();
  const notify = useNotify();
  const previous = useRef(online);
  useEffect(() => {
    if (previous.current === online) return;
    previous.current = online;
    notify(online ? t('layout.backOnline') : t('layout.offlineMode'), {
      type: online ? 'success' : 'warning',
      autoHideDuration: TOAST_MS,
    });
  }, [online, notify, t]);
}

/** The header's online/offline badge. */
export function ConnectionBadge() {
  const t = useT();
  const online = useOnline();
  useConnectivityToasts(online);
  // The toasts' code loads on first use (ConsoleAdmin); fetched now, after the first render, it is there
  // when the connection has gone and 'Offline mode' has to show.
  useEffect(() => {
    void import('./raScreens.ts').catch(() => undefined);
  }, []);
  return (
    <Chip
      role="status"
      size="small"
      variant="outlined"
      color={online ? 'success' : 'warning'}
      icon={online ? <CloudDoneIcon /> : <CloudOffIcon />}
      label={online ? t('layout.online') : t('layout.offline')}
      aria-label={online ? t('layout.connectionOnline') : t('layout.connectionOffline')}
    />
  );
}
