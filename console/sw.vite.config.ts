import { defineConfig } from 'vite';

// The console's service worker (src/sw/console-sw.ts) as one classic script, dist/console-sw.js, beside the
// app's files: a build of its own, so the app's chunking never splits it.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: 'src/sw/console-sw.ts',
      formats: ['iife'],
      name: 'consoleServiceWorker',
      fileName: () => 'console-sw.js',
    },
  },
});
