// Before each test file, in its vitest worker: the database and Temporal namespace of this worker (made by
// vitest.global-setup.ts), set before anything reads the configuration. Task queues follow the database
// (taskQueueFor) unless a test API names its own.
const workers = JSON.parse(process.env.TURNPROOF_TEST_WORKERS ?? '{}') as Record<string, Record<string, string>>;
const own = workers[process.env.VITEST_POOL_ID ?? ''];
if (!own) throw new Error(`No database for vitest worker ${process.env.VITEST_POOL_ID} (see vitest.global-setup.ts)`);
Object.assign(process.env, own);
