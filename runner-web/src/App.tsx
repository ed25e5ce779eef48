import { useEffect, useState } from 'react';
import { loadRun, type RunLoad } from './load-run.ts';
import { tokenFromPath } from './run-token.ts';
import { InvalidLinkScreen } from './screens/InvalidLinkScreen.tsx';
import { LoadFailedScreen } from './screens/LoadFailedScreen.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { RunLayout } from './screens/RunLayout.tsx';
import { RunOverviewScreen } from './screens/RunOverviewScreen.tsx';

const token = tokenFromPath(window.location.pathname);

export function App() {
  const [load, setLoad] = useState<RunLoad>(token ? { state: 'loading' } : { state: 'invalid-link' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    loadRun(token, controller.signal).then(setLoad, () => {
      if (!controller.signal.aborted) setLoad({ state: 'failed', message: 'Failed to load run data' });
    });
    return () => controller.abort();
  }, [attempt]);

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <RunLayout>
      {load.state === 'loading' && <LoadingScreen />}
      {load.state === 'invalid-link' && <InvalidLinkScreen />}
      {load.state === 'failed' && <LoadFailedScreen message={load.message} onRetry={retry} />}
      {load.state === 'loaded' && <RunOverviewScreen run={load.run} />}
    </RunLayout>
  );
}
