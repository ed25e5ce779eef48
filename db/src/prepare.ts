import { ensureDatabaseExists } from './database.ts';
import { createOrm, type Orm } from './orm.ts';
import { seedSystemData } from './seeds/index.ts';

/** Creates the database if needed, applies the checked-in migrations and the idempotent seeds. */
export async function prepareDatabase(databaseUrl: string): Promise<Orm> {
  await ensureDatabaseExists(databaseUrl);
  const orm = await createOrm(databaseUrl);
  await orm.migrator.up();
  await seedSystemData(orm.em.fork());
  return orm;
}
