import { StrictMode, useEffect } from 'react';
import { App } from './App.tsx';
import type { RunnerBoot } from './boot.ts';
import { UpdatePrompt } from './components/UpdatePrompt.tsx';

/** The whole runner, as the server renders it and the browser hydrates (or renders) it. */
export function RunnerRoot({ boot }: { boot: RunnerBoot }) {
  // The page answers input from here on (the benchmark's time to interactive).
  useEffect(() => {
    performance.mark('turnproof-interactive');
  }, []);
  return (
    <StrictMode>
      <App boot={boot} />
      <UpdatePrompt />
    </StrictMode>
  );
}
