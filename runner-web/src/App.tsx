import { useEffect, useMemo, useRef, useState } from 'react';
import { Toaster } from './components/Toaster.tsx';
import { loadRun, LOAD_FAILED_MESSAGE, type RunLoad } from './load-run.ts';
import { createRunnerApi } from './offline/runner-api.ts';
import { tokenFromPath } from './run-token.ts';
import { InvalidLinkScreen } from './screens/InvalidLinkScreen.tsx';
import { LoadFailedScreen } from './screens/LoadFailedScreen.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { RunLayout } from './screens/RunLayout.tsx';
import { RunScreen } from './screens/RunScreen.tsx';
import { useOnline } from './use-online.ts';
import { useToasts } from './use-toasts.ts';

const token = tokenFromPath(window.location.pathname);

export function App() {
  const api = useMemo(() => createRunnerApi(), []);
  const [load, setLoad] = useState<RunLoad>(token ? { state: 'loading' } : { state: 'invalid-link' });
  const [attempt, setAttempt] = useState(0);
  const online = useOnline();
  const { toasts, show, dismiss } = useToasts();

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    loadRun(api, token, controller.signal).then(setLoad, () => {
      if (!controller.signal.aborted) setLoad({ state: 'failed', message: LOAD_FAILED_MESSAGE });
    });
    return () => controller.abort();
  }, [api, attempt]);

  // Connectivity toasts (3 s), not on the first render.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (wasOnline.current === online) return;
    wasOnline.current = online;
    show({ title: online ? 'Back online' : 'Offline mode', tone: online ? 'success' : 'info', durationMs: 3000 });
  }, [online, show]);

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <RunLayout>
      {load.state === 'loading' && <LoadingScreen />}
      {load.state === 'invalid-link' && <InvalidLinkScreen />}
      {load.state === 'failed' && <LoadFailedScreen message={load.message} onRetry={retry} />}
      {load.state === 'loaded' && token && (
        <RunScreen token={token} run={load.run} source={load.source} online={online} toast={show} />
      )}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </RunLayout>
  );
}
