// A PostgreSQL cluster of its own on a free port, for tests that stop and restart the server (the
// machine's shared server must not be disturbed).
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './throwaway-stack.ts';

const run = promisify(execFile);
/** POSTGRES_BIN_DIR, else the newest Debian PostgreSQL installed (/usr/lib/postgresql/<version>/bin). */
function serverBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql; set POSTGRES_BIN_DIR.');
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
}

/** PostgreSQL refuses to run as root; then its tools run as the `postgres` user. */
async function asServerUser(tool: string, args: string[]) {
  const command = path.join(serverBinDir(), tool);
  if (process.getuid?.() === 0) return run('runuser', ['-u', 'postgres', '--', command, ...args]);
  return run(command, args);
}

export async function startThrowawayPostgres() {
  const dir = await mkdtemp(path.join(tmpdir(), 'turnproof-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  await asServerUser('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const start = () =>
    asServerUser('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    asServerUser('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  await start();
  return {
    url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop,
    async destroy() {
      await stop('immediate').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
