import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { preloadConsole } from './preload-console.ts';

// The API serves the built app from the same origin; in `vite dev`, /api goes to a locally running API.
export default defineConfig({
  plugins: [react(), preloadConsole(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
