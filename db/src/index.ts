export * from './entities/index.ts';
export { createOrm, ormOptions, POOL_CONNECT_TIMEOUT_MS, type Orm } from './orm.ts';
export { isDatabaseUnavailable } from './unavailable.ts';
export { survivePoolErrors } from './pool-errors.ts';
export { dropDatabase, ensureDatabaseExists, isPostgresReachable } from './database.ts';
export { prepareDatabase } from './prepare.ts';
export { startEmbeddedPostgres } from './embedded-postgres.ts';
export * from './capture-log/index.ts';
export * from './pairing/baseline.ts';
