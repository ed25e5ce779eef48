import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Both front ends as the API serves them (console/dist, runner-web/dist), built once when missing. */
export function ensureFrontEndsBuilt(): void {
  ensureConsoleBuilt();
  if (!existsSync(path.join(repoRoot, 'runner-web/dist/index.html'))) buildWorkspace('@turnproof/runner-web');
}
