import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_FILE, currentClientSchema } from '../lib/client-schema.ts';

describe('@turnproof/client', () => {
  it('has the types of the /api/v1 OpenAPI document as it is now', async () => {
    const checkedIn = await readFile(CLIENT_SCHEMA_FILE, 'utf8');
    const current = await currentClientSchema();
    expect(current).toContain("'/api/v1/runs'");
    expect(checkedIn === current, 'clients/typescript/src/schema.d.ts is stale: run npm run generate:client').toBe(
      true,
    );
  });
});
