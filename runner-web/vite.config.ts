import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// Assets live under /r/assets/ so they never collide with the console's /assets/ on the shared origin.
// In `vite dev`, /api goes to a locally running API. `npm run build` also builds src/entry-server.tsx
// with `--ssr` into dist-server/, which the API renders the runner's pages with.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/r/',
  build: { manifest: !isSsrBuild },
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          // src/sw/sw.ts built to dist/sw.js (served at /sw.js) with the precache manifest of the build injected: index.html
          // (the offline shell), the JS including the compression worker chunk, CSS, icons and the web
          // manifest. We register it ourselves (src/sw/register-service-worker.ts), with our own manifest.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: {
              rollupFormat: 'iife',
              // Absolute URLs: the worker is served at /sw.js (and /r/sw.js), the files under /r/.
              modifyURLPrefix: { '': '/r/' },
              globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
            },
          }),
          // A .br and a .gz next to every text file; koa-static sends the one the browser accepts.
          compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest)$/ }),
        ]),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
