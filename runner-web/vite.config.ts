import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Assets live under /r/assets/ so they never collide with the console's /assets/ on the shared origin.
// In `vite dev`, /api goes to a locally running API.
export default defineConfig({
  base: '/r/',
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
