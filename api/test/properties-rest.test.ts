import { fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from './support/browser.ts';
import { setBillingState } from './support/billing-state.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
let dataProvider: ReturnType<typeof simpleRestProvider>;

beforeAll(async () => {
  api = await startTestApi();
  const owner = await signedInOwner(api);
  // Five properties: more than an owner without a plan may have.
  await setBillingState(api, owner.userId, { plan_key: 'starter', plan_status: 'active' });
  // The console's data provider, exactly: ra-data-simple-rest over fetchJson, with the session cookie.
  dataProvider = simpleRestProvider(`${api.baseUrl}/api`, (url, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, {
      ...options,
      headers: new Headers({ Accept: 'application/json', Cookie: owner.cookie }),
    }),
  );
});
afterAll(() => api.close());

describe('/api/properties speaks ra-data-simple-rest', () => {
  it('creates, lists with sort, range and filter, gets one and many, updates and deletes', async () => {
    const names = ['Cedar Cabin', 'Beach House', 'Alpine Loft', 'Downtown Studio', 'Elm Street Duplex'];
    const created = [];
    for (const name of names) {
      const { data } = await dataProvider.create('properties', {
        data: { name: `  ${name}  `, address: `${name.length} Main St, Austin TX`, access_code: '', notes: '   ' },
      });
      created.push(data);
    }
    expect(created[0]).toMatchObject({
      name: 'Cedar Cabin',
      access_code: null,
      notes: null,
      is_system_property: false,
    });

    const firstPage = await dataProvider.getList('properties', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(firstPage.total).toBe(5);
    expect(firstPage.data.map((p) => p.name)).toEqual(['Alpine Loft', 'Beach House']);

    const secondPage = await dataProvider.getList('properties', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(secondPage.data.map((p) => p.name)).toEqual(['Cedar Cabin', 'Downtown Studio']);

    const descending = await dataProvider.getList('properties', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(descending.data[0]?.name).toBe('Elm Street Duplex');

    const searched = await dataProvider.getList('properties', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'house' },
    });
    expect(searched.total).toBe(1);
    expect(searched.data[0]?.name).toBe('Beach House');

    const one = await dataProvider.getOne('properties', { id: created[1]!.id });
    expect(one.data.name).toBe('Beach House');

    const many = await dataProvider.getMany('properties', { ids: [created[0]!.id, created[2]!.id] });
    expect(many.data.map((p) => p.name).sort()).toEqual(['Alpine Loft', 'Cedar Cabin']);

    const updated = await dataProvider.update('properties', {
      id: created[0]!.id,
      data: { ...one.data, ...created[0], name: 'Cedar Cabin North', notes: 'Key under the mat' },
      previousData: created[0]!,
    });
    expect(updated.data).toMatchObject({ name: 'Cedar Cabin North', notes: 'Key under the mat' });

    await dataProvider.delete('properties', { id: created[4]!.id, previousData: created[4]! });
    const afterDelete = await dataProvider.getList('properties', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(afterDelete.total).toBe(4);
    await expect(dataProvider.getOne('properties', { id: created[4]!.id })).rejects.toMatchObject({ status: 404 });
  });

  it('answers the Content-Range header and exposes it to the browser', async () => {
    const response = await fetch(`${api.baseUrl}/api/properties?range=[0,0]`, {
      headers: { Cookie: (await signedInOwner(api)).cookie },
    });
    expect(response.headers.get('content-range')).toBe('properties 0-0/0');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('copies the default checklists to a new property', async () => {
    const { data: property } = await dataProvider.create('properties', {
      data: { name: 'Checklist Test', address: '1 Test Rd' },
    });
    const checklists = await dataProvider.getList('checklists', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: { property_id: property.id },
    });
    expect(checklists.data.map((c) => c.type).sort()).toEqual(['move_in', 'move_out', 'turnover']);
    expect(checklists.data.every((c) => c.tasks.length > 5)).toBe(true);
  });

  it('refuses a property without name or address with the field named', async () => {
    await expect(dataProvider.create('properties', { data: { name: '   ', address: 'x' } })).rejects.toMatchObject({
      status: 400,
      body: { error: 'Property name is required.' },
    });
    await expect(dataProvider.create('properties', { data: { name: 'x' } })).rejects.toMatchObject({
      status: 400,
      body: { error: 'Address is required.' },
    });
  });
});
