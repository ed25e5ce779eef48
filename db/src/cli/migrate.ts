import { loadConfig } from '@turnproof/config';
import { prepareDatabase } from '../prepare.ts';

const orm = await prepareDatabase(loadConfig().DATABASE_URL);
await orm.close();
console.log('Database migrated and seeded.');
