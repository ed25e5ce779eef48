import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyApiRequests } from './early-api-requests.ts';
import { precompress } from './precompress.ts';
import { preloadConsole } from './preload-console.ts';

// The API serves the built app from the same origin; in `vite dev`, /api goes to a locally running API.
export default defineConfig({
  // Both inline scripts go first in <head>, the later plugin's on top: the API requests start before the
  // module preloads take the browser's connections.
  plugins: [react(), preloadConsole(), earlyApiRequests(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
