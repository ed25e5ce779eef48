// Rebuilds an empty database: drop, create, migrate, seed.
import { loadConfig } from '@turnproof/config';
import { dropDatabase } from '../database.ts';
import { prepareDatabase } from '../prepare.ts';

const { DATABASE_URL } = loadConfig();
await dropDatabase(DATABASE_URL);
const orm = await prepareDatabase(DATABASE_URL);
await orm.close();
console.log('Database reset: empty, migrated and seeded.');
