import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The runner's production build, as the API serves it (runner-web/dist); shared by the tests and the bench. */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const RUNNER_DIST = join(repoRoot, 'runner-web/dist');

/** Builds runner-web/dist (the app and its service worker) from the current sources. */
export function buildRunner(): void {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@turnproof/runner-web'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`runner-web build failed:\n${build.stdout}\n${build.stderr}`);
}

/** The API serves runner-web/dist; build it once when it (or its service worker) is missing. */
export function ensureBuilt(): void {
  const built = ['dist/index.html', 'dist/sw.js', 'dist-server/entry-server.js'];
  if (built.every((file) => existsSync(join(repoRoot, 'runner-web', file)))) return;
  buildRunner();
}
