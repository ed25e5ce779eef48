import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { PREACT_COMPAT } from '@turnproof/config/preact-compat';
import { build, defineConfig, type Plugin } from 'vite';

const BASE = '/r/';
const SERVICE_WORKER = 'sw.js';

// Assets live under /r/assets/ so they never collide with the console's /assets/ on the shared origin.
// In `vite dev`, /api goes to a locally running API. Written against React's API and types, built with
// Preact's compatibility layer: react-dom alone would be nearly the whole 60 KB budget of JavaScript a
// cheap phone loads before the first task shows.
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
      const files = (await listFiles(outDir)).filter(
        (file) => file !== SERVICE_WORKER && !file.endsWith('.map') && !file.endsWith('.gz'),
      );
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
      await precompress(outDir);
    },
  };
}

/**
 * Writes `file.gz` next to every text file of the build. The API's static files (koa-static) send it, with
 * `Content-Encoding: gzip`, to a browser that accepts gzip: a third of the bytes on a slow mobile link.
 */
async function precompress(dir: string): Promise<void> {
  const compressible = (await listFiles(dir)).filter((file) => /\.(js|css|html|svg|json|webmanifest)$/.test(file));
  await Promise.all(
    compressible.map(async (file) => {
      const path = join(dir, file);
      await writeFile(`${path}.gz`, gzipSync(await readFile(path), { level: 9 }));
    }),
  );
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

const hash = (content: Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 16);
