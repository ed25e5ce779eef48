import path from 'node:path';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { allEntities } from './entities/index.ts';

export const migrationsDir = path.join(import.meta.dirname, 'migrations');

export type Orm = MikroORM;

/** How long a query waits for a pooled connection before it fails as 'database unavailable'. */
export const POOL_CONNECT_TIMEOUT_MS = 3_000;

/** The one ORM setup of the repo; migrations are checked in, the schema is never synced at run time. */
export function ormOptions(databaseUrl: string, debug = false): Options {
  return {
    clientUrl: databaseUrl,
    entities: allEntities,
    extensions: [Migrator],
    debug,
    pool: { min: 0, max: 10 },
    // A request waits at most this long for a connection (the server restarting, every connection busy)
    // and then answers 503, instead of waiting as long as the outage lasts.
    driverOptions: { connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS },
    migrations: {
      path: migrationsDir,
      pathTs: migrationsDir,
      glob: '!(*.d).ts',
      snapshotName: '.snapshot-turnproof',
      // The snapshot is written by migration:create only, so running migrations never dirties the checkout.
      snapshotOnMigrate: false,
      silent: true,
    },
  };
}

export function createOrm(databaseUrl: string): Promise<MikroORM> {
  return MikroORM.init(ormOptions(databaseUrl));
}
