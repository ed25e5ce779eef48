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
    // pdf depends on the workers (other test files' may have checked in); the PDF tests cover it.
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      temporal: 'up',
      pdf: expect.stringMatching(/^(up|down)$/),
    });
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

/** The layers of the app's /api router: every route of every area router, with its full path. */
function apiRoutes(): { method: string; path: string }[] {
  const dispatch = api.app.middleware.find((middleware) => 'router' in middleware) as unknown as {
    router: { stack: { methods: string[]; path: string }[] };
  };
  return dispatch.router.stack.flatMap((layer) =>
    layer.methods
      // Koa's router answers HEAD for every GET on its own.
      .filter((method) => method !== 'HEAD' || !layer.methods.includes('GET'))
      .map((method) => ({ method: method.toLowerCase(), path: layer.path.replace(/:(\w+)/g, '{$1}') })),
  );
}

describe('the OpenAPI document and the router', () => {
  it('document every route the router answers, and name no route it does not', async () => {
    const document: any = await (await fetch(`${api.baseUrl}/api/openapi.json`)).json();
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(70);
    const undocumented = routes.filter(({ method, path }) => !document.paths[path]?.[method]);
    expect(undocumented).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations as object).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual([...new Set(routes.map(({ method, path }) => `${method} ${path}`))].sort());
  });

  it('gives every success answer a schema (JSON, or the file type it sends)', async () => {
    const document: any = await (await fetch(`${api.baseUrl}/api/openapi.json`)).json();
    const withoutSchema = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, any>)
        // A HEAD answer has no body.
        .filter(([method]) => method !== 'head')
        .flatMap(([method, operation]) =>
          Object.entries(operation.responses as Record<string, any>)
            .filter(([status]) => status.startsWith('2'))
            .filter(([, response]) => !Object.values(response.content ?? {}).some((media: any) => media.schema))
            .map(([status]) => `${method} ${path} ${status}`),
        ),
    );
    expect(withoutSchema).toEqual([]);
  });

  it('documents the Content-Range header of every react-admin list', async () => {
    const document: any = await (await fetch(`${api.baseUrl}/api/openapi.json`)).json();
    for (const resource of ['properties', 'checklists', 'tasks', 'templates', 'runs', 'team']) {
      expect(document.paths[`/api/${resource}`].get.responses['200'].headers['Content-Range']).toBeDefined();
    }
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
