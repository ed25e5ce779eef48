import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { UpdatePrompt } from './components/UpdatePrompt.tsx';
import { watchInstallOffer } from './install/install-offer.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

watchInstallOffer();

createRoot(container).render(
  <StrictMode>
    <App />
    <UpdatePrompt />
  </StrictMode>,
);

// Only the built app has a service worker; `vite dev` serves fresh modules. workbox-window is not needed
// for the first task, so it loads after the page has.
if (import.meta.env.PROD) {
  const register = () =>
    void import('./sw/register-service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
