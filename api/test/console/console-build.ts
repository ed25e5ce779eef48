import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The console's production build, as the API serves it (console/dist); shared by the tests and the bench. */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Builds console/dist from the current sources. */
export function buildConsole(): void {
  buildWorkspace('@turnproof/console');
}

function buildWorkspace(workspace: string): void {
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const build = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`${workspace} build failed:\n${build.stdout}\n${build.stderr}`);
}

/** The API serves console/dist; build it once when it is missing. */
export function ensureConsoleBuilt(): void {
  if (!existsSync(path.join(repoRoot, 'console/dist/index.html'))) buildConsole();
}

/** What the console build reads besides node_modules: its own folder and the shared configuration. */
const CONSOLE_SOURCES = ['console', 'config/src'];
const CONSOLE_OUTPUTS = ['console/dist/index.html', 'console/dist-server/entry-server.js'];
const NOT_SOURCES = new Set(['dist', 'dist-server', 'node_modules', 'test']);

/** The newest modification time of the files under `dir` (milliseconds). */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SOURCES.has(entry.name)) continue;
    const entryPath = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(entryPath) : statSync(entryPath).mtimeMs);
  }
  return newest;
}

/**
 * Builds console/dist when it is missing or older than the console's sources, so the browser tests see
 * the sources under test. The test run calls it once, before any file starts (vitest.global-setup.ts).
 */
export function ensureConsoleFresh(): void {
  const outputs = CONSOLE_OUTPUTS.map((file) => path.join(repoRoot, file));
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const changed = Math.max(...CONSOLE_SOURCES.map((dir) => newestChange(path.join(repoRoot, dir))));
  if (changed > built) buildConsole();
}

/** Both front ends as the API serves them (console/dist, runner-web/dist), built once when missing. */
export function ensureFrontEndsBuilt(): void {
  ensureConsoleBuilt();
  if (!existsSync(path.join(repoRoot, 'runner-web/dist/index.html'))) buildWorkspace('@turnproof/runner-web');
}
