export * from './entities/index.ts';
export { createOrm, ormOptions, type Orm } from './orm.ts';
export { dropDatabase, ensureDatabaseExists, isPostgresReachable } from './database.ts';
export { prepareDatabase } from './prepare.ts';
export { startEmbeddedPostgres } from './embedded-postgres.ts';
