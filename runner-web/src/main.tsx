import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { UpdatePrompt } from './components/UpdatePrompt.tsx';
import { registerServiceWorker } from './sw/register-service-worker.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
    <UpdatePrompt />
  </StrictMode>,
);

// Only the built app has a service worker; `vite dev` serves fresh modules.
if (import.meta.env.PROD) registerServiceWorker();
