import { readFile } from 'node:fs/promises';
import type { OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { publicApiPart } from '../../api/src/v1/v1-document.ts';
import { startTestApi } from '../../api/test/support/test-api.ts';
import { CLIENT_SCHEMA_FILE, clientSchemaSource, currentClientSchema } from '../lib/client-schema.ts';

const STALE = 'clients/typescript/src/schema.d.ts is stale: run npm run generate:client';

describe('@turnproof/client', () => {
  it('has the types of the /api/v1 OpenAPI document, built as npm run generate:client builds it', async () => {
    const current = await currentClientSchema();
    expect(current).toContain("'/api/v1/runs'");
    expect(current === (await readFile(CLIENT_SCHEMA_FILE, 'utf8')), STALE).toBe(true);
  });

  // The script builds the document from the v1 routers alone; a v1 route that build misses fails here.
  it('has the types of the /api/v1 part of the document the API serves', async () => {
    const api = await startTestApi();
    try {
      // The app's own /api/openapi.json: the document buildOpenApiDocument made.
      const served = (await (await fetch(`${api.baseUrl}/api/openapi.json`)).json()) as Parameters<
        typeof publicApiPart
      >[0];
      const types = await clientSchemaSource(publicApiPart(served) as OpenAPI3);
      expect(types === (await readFile(CLIENT_SCHEMA_FILE, 'utf8')), STALE).toBe(true);
    } finally {
      await api.close();
    }
  });
});
