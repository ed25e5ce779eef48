import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Toaster } from './components/Toaster.tsx';
import { messages } from './i18n/locale.ts';
import { installOffer } from './install/install-offer.ts';
import { loadRun, type RunLoad } from './load-run.ts';
import { createRunnerApi } from './offline/runner-api.ts';
import { tokenFromPath } from './run-token.ts';
import { InvalidLinkScreen } from './screens/InvalidLinkScreen.tsx';
import { LoadFailedScreen } from './screens/LoadFailedScreen.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { RunLayout } from './screens/RunLayout.tsx';
import { RunScreen } from './screens/RunScreen.tsx';
import { useOnline } from './use-online.ts';
import { useToasts } from './use-toasts.ts';

// Not needed for the first task: loaded when it is about to show.
const InstallPrompt = lazy(() => import('./components/InstallPrompt.tsx').then((m) => ({ default: m.InstallPrompt })));

const token = tokenFromPath(window.location.pathname);

export function App() {
  const api = useMemo(() => createRunnerApi(), []);
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
      {/* After the screen, so its arrival shifts nothing the cleaner is looking at. */}
      {offerInstall && (
        <Suspense fallback={null}>
          <InstallPrompt />
        </Suspense>
      )}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </RunLayout>
  );
}
