import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Toaster } from './components/Toaster.tsx';
import { withEarlyRunRequest } from './early-run-request.ts';
import { messages } from './i18n/locale.ts';
import { installOffer } from './install/install-offer.ts';
import { loadRun, type RunLoad } from './load-run.ts';
import { createRunnerApi } from './offline/runner-api.ts';
import { lastRunToken, rememberRunToken, tokenFromPath } from './run-token.ts';
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

const linkToken = tokenFromPath(window.location.pathname);
// The installed app starts at /r/: the last run opened on this device.
const token = linkToken ?? lastRunToken(window.location.pathname);

export function App() {
  const api = useMemo(() => createRunnerApi({ fetch: withEarlyRunRequest((input, init) => fetch(input, init)) }), []);
  const [load, setLoad] = useState<RunLoad>(token ? { state: 'loading' } : { state: 'invalid-link' });
  const [attempt, setAttempt] = useState(0);
  const online = useOnline();
  const { toasts, show, dismiss } = useToasts();
  const offerInstall = useSyncExternalStore(installOffer.subscribe, installOffer.getSnapshot);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    loadRun(api, token, controller.signal).then(setLoad, () => {
      if (!controller.signal.aborted) setLoad({ state: 'failed' });
    });
    return () => controller.abort();
  }, [api, attempt]);

  useEffect(() => {
    if (load.state !== 'loading') startServiceWorker();
    if (load.state === 'loaded') rememberRunToken(token);
    if (load.state === 'invalid-link' && !linkToken) rememberRunToken(null);
  }, [load.state]);

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
        <RunScreen token={token} run={load.run} source={load.source} online={online} toast={show} />
      )}
      {offerInstall && (
        <Suspense fallback={null}>
          <InstallPrompt />
        </Suspense>
      )}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </RunLayout>
  );
}
