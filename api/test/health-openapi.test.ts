import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/health', () => {
  it('reports the database and Temporal up', async () => {
    const response = await fetch(`${api.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up', temporal: 'up' });
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every route with its schemas', async () => {
    const document: any = await (await fetch(`${api.baseUrl}/api/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/signup',
        '/api/auth/login',
        '/api/auth/password-reset/confirm',
        '/api/properties',
        '/api/properties/{id}',
        '/api/checklists',
        '/api/templates',
        '/api/runs',
        '/api/runs/{id}',
      ]),
    );
    const createProperty = document.paths['/api/properties'].post;
    const schema = createProperty.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['name', 'address']);
    expect(createProperty.responses['201']).toBeDefined();
  });
});

describe('unknown API routes', () => {
  it('answer 404 with a sentence and the request id', async () => {
    const response = await fetch(`${api.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    const body: any = await response.json();
    expect(body.error).toBe('No API route matches GET /api/nothing-here.');
    expect(body.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('answer a method the route does not take with 405 and a sentence naming the ones it does', async () => {
    const response = await fetch(`${api.baseUrl}/api/runs/`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    const body: any = await response.json();
    expect(body.error).toMatch(/^DELETE is not allowed on \/api\/runs\/; it answers .*POST/);
  });
});
