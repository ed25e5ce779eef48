import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { bootFromLocation, bootFromState, RUNNER_STATE_ELEMENT_ID, type RunnerState } from './boot.ts';
import { UpdatePrompt } from './components/UpdatePrompt.tsx';
import { startLocale } from './i18n/locale.ts';
import { watchInstallOffer } from '@turnproof/config/install-offer';
import { RunnerRoot } from './RunnerRoot.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

watchInstallOffer();

// `/c/{token}`: a cleaner's schedule, in its own chunk so a run's first screen loads no more than before.
const ScheduleScreen = lazy(() => import('./schedule/ScheduleScreen.tsx').then((m) => ({ default: m.ScheduleScreen })));
const scheduleToken = /^\/c\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
// A run's page the server rendered carries its state: hydrate it. The service worker's offline shell and
// `vite dev` carry none: render, reading the run from the API or the device.
const stateElement = document.getElementById(RUNNER_STATE_ELEMENT_ID);
if (scheduleToken) {
  createRoot(container).render(
    <StrictMode>
      <Suspense>
        <ScheduleScreen token={decodeURIComponent(scheduleToken)} />
      </Suspense>
      <UpdatePrompt />
    </StrictMode>,
  );
} else if (stateElement?.textContent) {
  const state = JSON.parse(stateElement.textContent) as RunnerState;
  startLocale(state.locale);
  hydrateRoot(container, <RunnerRoot boot={bootFromState(state)} />, {
    onRecoverableError: (error) => console.error('Runner hydration:', error),
  });
} else {
  createRoot(container).render(<RunnerRoot boot={bootFromLocation(window.location.pathname)} />);
}

// The page's web vitals go to the API; the reporter loads after the first render, in a chunk of its own.
void import('@turnproof/config/report-web-vitals').then(({ reportWebVitals }) => reportWebVitals('runner'));
