import react from '@vitejs/plugin-react';
import { PREACT_COMPAT } from '@turnproof/config/preact-compat';
import { defineConfig } from 'vite';
import { consoleStartChunk } from './console-start-chunk.ts';
import { earlyApiRequests } from './early-api-requests.ts';
import { precompress } from './precompress.ts';
import { preloadConsole } from './preload-console.ts';

// The API serves the built app from the same origin; in `vite dev`, /api goes to a locally running API.
// Built with Preact's compatibility layer, as the runner: react-admin, MUI, react-query and react-router
// run on it (the console's browser tests cover them), and a phone loads and runs
// a tenth of react-dom's code.
export default defineConfig({
  resolve: { alias: PREACT_COMPAT },
  // Both inline scripts go first in <head>, the later plugin's on top: the API requests start before the
  // module preloads take the browser's connections.
  plugins: [react(), consoleStartChunk(), preloadConsole(), earlyApiRequests(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
