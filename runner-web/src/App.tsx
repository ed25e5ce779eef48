import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Toaster } from './components/Toaster.tsx';
import { initialLoad, type RunnerBoot } from './boot.ts';
import { messages } from './i18n/locale.ts';
import { installOffer } from '@turnproof/config/install-offer';
import { loadRun, type RunLoad } from './load-run.ts';
import { cacheRun, offlineDb } from './offline/offline-db.ts';
import { createRunnerApi } from './offline/runner-api.ts';
import { rememberRunToken } from './run-token.ts';
import { InvalidLinkScreen } from './screens/InvalidLinkScreen.tsx';
import { LoadFailedScreen } from './screens/LoadFailedScreen.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { RunLayout } from './screens/RunLayout.tsx';
import { RunScreen } from './screens/RunScreen.tsx';
import { startServiceWorker } from './sw/start-service-worker.ts';
import { useOnline } from './use-online.ts';
import { useToasts } from './use-toasts.ts';

// Not needed for the first task: loaded when it is about to show.
const InstallPrompt = lazy(() => import('./components/InstallPrompt.tsx').then((m) => ({ default: m.InstallPrompt })));

/** The runner: the first screen comes from the server's answer in `boot`, or from the API and the device's copy. */
export function App({ boot }: { boot: RunnerBoot }) {
  const { token, fromLink, served } = boot;
  const api = useMemo(() => createRunnerApi(), []);
  const [load, setLoad] = useState<RunLoad>(() => initialLoad(boot));
  const [attempt, setAttempt] = useState(0);
  const online = useOnline();
  const toasts = useToasts();
  const { show } = toasts;
  const offerInstall = useSyncExternalStore(installOffer.subscribe, installOffer.getSnapshot, installOffer.getSnapshot);

  // The run the server rendered is this device's copy for offline use, as one loaded from the API is.
  useEffect(() => {
    if (!token || served?.state !== 'loaded') return;
    void offlineDb()
      .then((db) => cacheRun(db, token, served.body, served.fetchedAt))
      .catch(() => undefined);
  }, [token, served]);

  useEffect(() => {
    // The server's answer is the first load; Try again asks the API.
    if (!token || (served && attempt === 0)) return;
    const controller = new AbortController();
    loadRun(api, token, controller.signal).then(setLoad, () => {
      if (!controller.signal.aborted) setLoad({ state: 'failed' });
    });
    return () => controller.abort();
  }, [api, attempt, token, served]);

  useEffect(() => {
    if (load.state !== 'loading') startServiceWorker();
    if (load.state === 'loaded') rememberRunToken(token);
    if (load.state === 'invalid-link' && !fromLink) rememberRunToken(null);
  }, [load.state, token, fromLink]);

  // Connectivity toasts (3 s), not on the first render.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (wasOnline.current === online) return;
    wasOnline.current = online;
    const t = messages();
    show({ title: online ? t.backOnline : t.offlineMode, tone: online ? 'success' : 'info', durationMs: 3000 });
  }, [online, show]);

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <RunLayout>
      {load.state === 'loading' && <LoadingScreen />}
      {load.state === 'invalid-link' && <InvalidLinkScreen />}
      {load.state === 'failed' && <LoadFailedScreen onRetry={retry} />}
      {load.state === 'loaded' && token && (
        <RunScreen token={token} run={load.run} source={load.source} online={online} toasts={toasts} />
      )}
      {offerInstall && (
        <Suspense fallback={null}>
          <InstallPrompt />
        </Suspense>
      )}
      <Toaster toast={toasts.toast} onDismiss={toasts.dismiss} />
    </RunLayout>
  );
}
