// Generates a migration from the difference between the entities and the schema snapshot.
import { loadConfig } from '@turnproof/config';
import { createOrm } from '../orm.ts';

const orm = await createOrm(loadConfig().DATABASE_URL);
try {
  const result = await orm.migrator.create(undefined, false, false, process.argv[2]);
  console.log(result.fileName ? `Created ${result.fileName}` : 'No changes: no migration created.');
} finally {
  await orm.close();
}
