import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { consoleStartChunk } from './console-start-chunk.ts';
import { earlyApiRequests } from './early-api-requests.ts';
import { preloadConsole } from './preload-console.ts';

const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');

// The API serves the built app from the same origin; in `vite dev`, /api goes to a locally running API.
// `npm run build` also builds src/entry-server.tsx with `--ssr` into dist-server/, which the API renders the
// dashboard's first screen with.
export default defineConfig(({ command, isSsrBuild }) => ({
  build: { manifest: !isSsrBuild },
  // The server bundle needs none of the files in public/ (the browser build copies them).
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: [
      { find: /^object\.entries$/, replacement: path.resolve(import.meta.dirname, 'shims/object-entries.cjs') },
      // react-router's package exports only its development build (warnings, invariants, about 90 KB before
      // minification); the build takes the production one, as react-router's docs advise for bundlers.
      ...(command === 'build' && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
          ]
        : []),
    ],
  },
  // The early API requests' script goes first in <head> and the console preload's just after the viewport's meta
  // tag (preload-console.ts): the API requests start before the module preloads take the browser's connections.
  // A .br and a .gz next to every text file over 1 KB; koa-static sends the one the browser accepts.
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          consoleStartChunk(),
          preloadConsole(),
          earlyApiRequests(),
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|css|html|svg|json)$/,
            threshold: 1024,
          }),
        ]),
  ],
  // The server bundle carries its own copy of everything it imports: left to Node, react-router would load
  // once as ESM (for react-admin) and once as CommonJS (for this bundle), two routers that do not see each other.
  ssr: { noExternal: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
