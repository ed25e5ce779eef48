import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const BASE = '/r/';
const SERVICE_WORKER = 'sw.js';

/**
 * The runner is written against React's API and types, but built with Preact's compatibility layer:
 * react-dom alone is about 57 KB gzipped, nearly the whole 60 KB budget of JavaScript a cheap phone
 * loads before the first task shows; preact/compat is about 5 KB. Exact-match aliases, so that
 * `react-dom/client` and `react/jsx-runtime` get their own Preact entry points.
 */
const PREACT_COMPAT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// Assets live under /r/assets/ so they never collide with the console's /assets/ on the shared origin.
// In `vite dev`, /api goes to a locally running API.
export default defineConfig({
  base: BASE,
  resolve: { alias: PREACT_COMPAT },
  plugins: [react(), runnerServiceWorker()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});

/**
 * After the app is written, builds src/sw/service-worker.ts into dist/sw.js (one classic script) with
 * the precache manifest inlined: every file of dist (index.html, JS including the compression worker
 * chunk, CSS, icons). Files under assets/ carry a content hash in their name; the rest get a revision.
 */
function runnerServiceWorker(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'runner-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => file !== SERVICE_WORKER && !file.endsWith('.map'));
      const manifest = await Promise.all(
        files.sort().map(async (file) => ({
          url: `${BASE}${file}`,
          revision: file.startsWith('assets/') ? null : hash(await readFile(join(outDir, file))),
        })),
      );
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        define: {
          __RUNNER_PRECACHE_MANIFEST__: JSON.stringify(manifest),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          rollupOptions: {
            input: resolve(root, 'src/sw/service-worker.ts'),
            output: { format: 'iife', entryFileNames: SERVICE_WORKER },
          },
        },
      });
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const hash = (content: Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 16);
