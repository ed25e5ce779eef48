import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiRegistry } from '../../src/openapi/registry.ts';
import { createApiKey, keyClient } from '../support/api-key-client.ts';
import { signedInOwner } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** Every /api/v1 route the app's router answers, as `method path` with `{param}`. */
function v1RouterRoutes(): string[] {
  const dispatch = api.app.middleware.find((middleware) => 'router' in middleware) as unknown as {
    router: { stack: { methods: string[]; path: string }[] };
  };
  return dispatch.router.stack
    .filter((layer) => layer.path.startsWith('/api/v1/'))
    .flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD' || !layer.methods.includes('GET'))
        .map((method) => `${method.toLowerCase()} ${layer.path.replace(/:(\w+)/g, '{$1}')}`),
    );
}

describe('the OpenAPI document of /api/v1', () => {
  it('describes every /api/v1 route of the router, with the bearer scheme, and no other', async () => {
    const document: any = await (await fetch(`${api.baseUrl}/api/openapi.json`)).json();
    const routes = v1RouterRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(16);
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, operations]) => Object.keys(operations as object).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual([...new Set(routes)].sort());
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = document.paths[path][method];
      expect(operation.security, route).toEqual([{ bearerAuth: [] }]);
      // The generated client's and the reference page's name of the operation.
      expect(operation.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(Object.keys(operation.responses), route).toEqual(expect.arrayContaining(['401', '403', '429']));
      const ok = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1] as any;
      expect(Object.keys(ok.headers ?? {}), route).toEqual([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
      ]);
    }
    const operationIds = routes.map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return document.paths[path][method].operationId;
    });
    expect(new Set(operationIds).size).toBe(new Set(routes).size);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents the cursor pages, the Idempotency-Key and examples', async () => {
    const document: any = await (await fetch(`${api.baseUrl}/api/openapi.json`)).json();
    const listRuns = document.paths['/api/v1/runs'].get;
    expect(listRuns.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['property_id', 'status', 'updated_since', 'limit', 'cursor']),
    );
    const page = listRuns.responses['200'].content['application/json'].schema;
    expect(Object.keys(page.properties)).toEqual(['data', 'next_cursor']);
    expect(page.properties.data.items.properties.magic_link).toBeDefined();
    expect(page.properties.data.items.properties.due_at.example).toBe('2026-11-28T15:00:00.000Z');
    const createRun = document.paths['/api/v1/runs'].post;
    expect(createRun.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]);
  });
});

/** How each path parameter of a v1 route is filled with one of owner A's records. */
const fillers: Record<string, (a: OwnerA) => string> = {
  id: (a) => a.id,
  version: () => '1',
  issueId: (a) => a.issueId,
};
type OwnerA = { id: string; issueId: string };

describe("another owner's key cannot reach an owner's records through any /api/v1 route", () => {
  it("answers 404 for each of A's ids, never A's data, never a 5xx", async () => {
    const owner = await signedInOwner(api);
    const a = keyClient(api, (await createApiKey(owner, ['read', 'write'])).key);
    const property = (await a.post('/api/v1/properties', { name: 'A-secret Villa', address: 'A-secret Road' })).body;
    const checklist = (await a.get(`/api/v1/properties/${property.id}/checklists`)).body.data[0];
    const run = (await a.post('/api/v1/runs', { property_id: property.id, checklist_id: checklist.id })).body;
    await ownerRecords(api).report(run.id, Buffer.from('%PDF-1.4 A-secret'));
    await ownerRecords(api).alert(run.id, 'low');
    const issueId = (await a.get(`/api/v1/runs/${run.id}/issues`)).body.data[0].id;
    const workOrder = (
      await owner.post('/api/work-orders', { property_id: property.id, title: 'A-secret fan', vendor_name: 'A-secret' })
    ).body;
    const idsOf = { properties: property.id, checklists: checklist.id, runs: run.id, 'work-orders': workOrder.id };
    const b = keyClient(api, (await createApiKey(await signedInOwner(api), ['read', 'write'])).key);
    const secrets = ['A-secret', property.id, checklist.id, run.id, issueId, workOrder.id];

    const routes = openApiRegistry.definitions.flatMap((definition) =>
      definition.type === 'route' && definition.route.path.startsWith('/api/v1/') ? [definition.route] : [],
    );
    const verdicts: string[] = [];
    for (const route of routes.filter((candidate) => candidate.path.includes('{'))) {
      const resource = route.path.split('/')[3] as keyof typeof idsOf;
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const fill = fillers[name];
        if (!fill) throw new Error(`${route.path}: no filler for {${name}}`);
        return fill({ id: idsOf[resource], issueId });
      });
      const method = route.method.toUpperCase();
      const answer = await b.request(method, path, method === 'GET' ? undefined : { note: 'B', due_at: null });
      const text = JSON.stringify(answer.body ?? '');
      const verdict = `${method} ${route.path} -> ${answer.status}`;
      verdicts.push(verdict);
      expect.soft(answer.status, verdict).toBe(404);
      expect.soft(answer.body?.code, verdict).toBe('not_found');
      expect
        .soft(
          secrets.filter((secret) => text.includes(secret)),
          verdict,
        )
        .toEqual([]);
    }
    expect(verdicts.length).toBeGreaterThanOrEqual(11);
    // A's records are as they were.
    expect((await a.get(`/api/v1/runs/${run.id}`)).body.magic_link).toBe(run.magic_link);
    expect((await a.get(`/api/v1/runs/${run.id}/issues`)).body.data[0].status).toBe('open');
  });
});
