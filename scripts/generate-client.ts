// `npm run generate:client`: writes clients/typescript/src/schema.d.ts from the OpenAPI document of /api/v1,
// built in-process (no server). scripts/test/generated-client.test.ts fails while the two differ.
import { writeFile } from 'node:fs/promises';
import { CLIENT_SCHEMA_FILE, currentClientSchema } from './lib/client-schema.ts';

await writeFile(CLIENT_SCHEMA_FILE, await currentClientSchema());
console.log(`Wrote ${CLIENT_SCHEMA_FILE}`);
