import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A commit's sources under .data/<name>-<short commit>, made once with `git archive` and `prepare` (a patch
 * to apply), sharing this checkout's node_modules except the workspace packages, which point at the
 * copy's own folders: a server started there runs that commit's code on this machine's dependencies.
 */
export async function archivedCheckout(
  commit: string,
  name: string,
  prepare: (dir: string) => Promise<void> = async () => {},
): Promise<{ dir: string; commit: string }> {
  const short = (await run('git', ['rev-parse', '--short', commit], { cwd: repoRoot })).stdout.trim();
  const dir = path.join(repoRoot, '.data', `${name}-${short}`);
  const ready = await stat(path.join(dir, 'node_modules')).then(
    () => true,
    () => false,
  );
  if (ready) return { dir, commit: short };
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const archive = path.join(dir, 'sources.tar');
  await run('git', ['archive', '--output', archive, short], { cwd: repoRoot });
  await run('tar', ['-xf', archive, '-C', dir]);
  await prepare(dir);
  const modules = path.join(dir, 'node_modules');
  await mkdir(path.join(modules, '@turnproof'), { recursive: true });
  for (const entry of await readdir(path.join(repoRoot, 'node_modules'))) {
    if (entry !== '@turnproof') await symlink(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const pkg of await readdir(path.join(repoRoot, 'node_modules', '@turnproof'))) {
    await symlink(path.join(dir, pkg), path.join(modules, '@turnproof', pkg));
  }
  return { dir, commit: short };
}
