import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves the built app from the same origin; in `vite dev`, /api goes to a locally running API.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
