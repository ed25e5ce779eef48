import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export interface BuiltPage {
  dir: string;
  remove(): Promise<void>;
}

/**
 * Builds a test page (a folder under test/browser with index.html) with Vite into a temp folder, the way
 * the app itself is built (production bundle, workers included), without runner-web's vite.config.ts.
 */
export async function buildPage(name: string): Promise<BuiltPage> {
  const root = fileURLToPath(new URL(`./${name}/`, import.meta.url));
  const dir = await mkdtemp(join(tmpdir(), `turnproof-${name}-`));
  await build({
    root,
    base: '/',
    configFile: false,
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, sourcemap: false },
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
