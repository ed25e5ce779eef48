import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedInOwner } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

let api: TestApi;
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let propertyId: string;
let runId: string;
let templateId: string;
let runToken: string;
let runTaskId: string;

let worker: WorkerProcess;

beforeAll(async () => {
  api = await startTestApi();
  // Completion is decided by the run's workflow, so a worker must be there to answer.
  worker = await startWorkerProcess(api);
  owner = await signedInOwner(api);
  propertyId = (await owner.post('/api/properties', { name: 'Fuzz Manor', address: '1 Random Way' })).body.id;
  templateId = (await owner.get('/api/templates')).body[0].id;
  const run = (await owner.post('/api/runs', { property_id: propertyId, type: 'turnover', template_id: templateId }))
    .body;
  runId = run.id;
  runToken = run.magic_link.split('/').pop();
  runTaskId = (await owner.get(`/api/public/run?token=${runToken}`)).body.run.tasks[0].id;
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

/** Values of every JSON shape, biased towards the ones validators trip over. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'null', '[]', '{}', 'x'.repeat(5000), '2026-13-45', 'not-an-email', '🏠'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.uuid(),
);

/**
 * Bodies that mostly carry the endpoint's own fields with plausible values (so many requests succeed
 * and write rows), some with random values or missing fields, and some that are not JSON at all.
 */
function bodyFor(fields: string[], valid: Record<string, fc.Arbitrary<unknown>> = {}) {
  const value = (field: string) =>
    fc.oneof(
      { weight: 3, arbitrary: valid[field] ?? fc.string({ minLength: 1, maxLength: 30 }) },
      { weight: 1, arbitrary: anyValue },
    );
  const complete = fc.record(Object.fromEntries(fields.map((field) => [field, value(field)])));
  const partial = fc.record(Object.fromEntries(fields.map((field) => [field, value(field)])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 5, arbitrary: complete.map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: partial.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"name":', '[1,2', 'undefined', '{"a":1}}', '') },
    // Nesting deeper than any request of ours, down to what overflowed a recursive walk.
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 33, max: 100_000 })
        .map((depth) => `{"${fields[0] ?? 'a'}":${'['.repeat(depth)}${']'.repeat(depth)}}`),
    },
  );
}

const emails = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z0-9]{0,12}$/).map((local) => `${local}@fuzz.example`) },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const passwords = fc.string({ minLength: 8, maxLength: 30 });
const isoDates = fc
  .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
  .map((d) => d.toISOString());

interface Target {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET';
  path: () => fc.Arbitrary<string>;
  body: fc.Arbitrary<string> | null;
  /** More request headers (random Origin or Referer values, say). */
  headers?: fc.Arbitrary<Record<string, string>>;
  /** Sent signed out, for endpoints that would end the fuzzing owner's session. */
  signedOut?: true;
}

/** Header values as a browser or a script may send them (printable ASCII). */
const headerValues = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e]{0,60}$/),
  fc.webUrl(),
  fc.constantFrom('null', 'https://evil.example', 'http://127.0.0.1', 'file://', '://'),
);

const someId = () =>
  fc.oneof(
    fc.constant(() => propertyId),
    fc.uuid().map((id) => () => id),
    fc.string({ maxLength: 20 }).map((s) => () => encodeURIComponent(s) || 'x'),
  );
const fixed = (path: string) => () => fc.constant(path);

const targets: Record<string, Target> = {
  signup: {
    method: 'POST',
    path: fixed('/api/auth/signup'),
    body: bodyFor(['email', 'password', 'full_name', 'promo_code'], {
      email: emails,
      password: passwords,
      promo_code: fc.oneof(fc.constantFrom('TURNPROOF5', 'turnproof5 ', ''), fc.string({ maxLength: 60 })),
    }),
  },
  login: {
    method: 'POST',
    path: fixed('/api/auth/login'),
    body: bodyFor(['email', 'password'], { email: emails, password: passwords }),
  },
  resetRequest: {
    method: 'POST',
    path: fixed('/api/auth/password-reset/request'),
    body: bodyFor(['email'], { email: emails }),
  },
  resetConfirm: {
    method: 'POST',
    path: fixed('/api/auth/password-reset/confirm'),
    body: bodyFor(['token', 'password', 'confirm_password'], { password: passwords }),
  },
  changePassword: {
    method: 'POST',
    path: fixed('/api/auth/password'),
    body: bodyFor(['current_password', 'new_password', 'confirm_password'], { new_password: passwords }),
  },
  confirm: {
    method: 'GET',
    path: () => fc.string({ maxLength: 80 }).map((t) => `/api/auth/confirm?token=${encodeURIComponent(t)}`),
    body: null,
  },
  createProperty: {
    method: 'POST',
    path: fixed('/api/properties'),
    body: bodyFor(['name', 'address', 'access_code', 'notes']),
  },
  updateProperty: {
    method: 'PUT',
    path: () => someId().map((id) => `/api/properties/${id()}`),
    body: bodyFor(['name', 'address', 'access_code', 'notes', 'id', 'owner_id']),
  },
  deleteProperty: {
    method: 'DELETE',
    path: () =>
      fc
        .oneof(
          fc.uuid(),
          fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s) || 'x'),
        )
        .map((id) => `/api/properties/${id}`),
    body: null,
  },
  createRun: {
    method: 'POST',
    path: fixed('/api/runs'),
    body: bodyFor(['property_id', 'type', 'template_id', 'checklist_id', 'meta', 'due_at', 'assigned_to'], {
      property_id: fc.constant('PROPERTY'),
      template_id: fc.constant('TEMPLATE'),
      type: fc.constantFrom('Turnover', 'Move-In', 'move out', 'Deep Clean'),
      meta: fc.record(
        { unit: anyValue, tenant_name: fc.string(), tenant_email: emails, lease_start: isoDates },
        { requiredKeys: [] },
      ),
      due_at: isoDates,
      checklist_id: fc.constant(null),
      assigned_to: fc.constant(null),
    }),
  },
  updateRun: {
    method: 'PUT',
    path: () => fc.constant(0).map(() => `/api/runs/${runId}`),
    body: bodyFor(['meta', 'due_at', 'assigned_to'], {
      meta: fc.record({ unit: fc.string() }),
      due_at: isoDates,
      assigned_to: fc.constant(null),
    }),
  },
  deleteRun: {
    method: 'DELETE',
    path: () =>
      fc
        .oneof(
          fc.uuid(),
          fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s) || 'x'),
        )
        .map((id) => `/api/runs/${id}`),
    body: null,
  },
  listQueries: {
    method: 'GET',
    path: () =>
      fc
        .tuple(
          fc.constantFrom('properties', 'runs', 'checklists', 'templates', 'team'),
          fc.oneof(
            fc.constantFrom('["created_at","DESC"]', '["name","ASC"]', '["status","asc"]'),
            fc.string({ maxLength: 30 }),
          ),
          fc.oneof(fc.constantFrom('[0,9]', '[5,2]', '[0,100000]', '[-1,3]'), fc.string({ maxLength: 30 })),
          fc.oneof(
            fc.constantFrom({}, { q: 'Fuzz' }, { status: 'pending' }, { kind: 'turnover' }, { id: [] }),
            fc.jsonValue(),
          ),
        )
        .map(
          ([resource, sort, range, filter]) =>
            `/api/${resource}?sort=${encodeURIComponent(sort)}&range=${encodeURIComponent(range)}&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        ),
    body: null,
  },
  publicTask: {
    method: 'POST',
    path: fixed('/api/public/task'),
    body: bodyFor(
      ['token', 'runTaskId', 'action_id', 'checked', 'comment', 'duration_seconds', 'timestamp', 'latitude'],
      {
        token: fc.constant('TOKEN'),
        runTaskId: fc.constant('RUN_TASK'),
        action_id: fc.uuid(),
        checked: fc.boolean(),
        duration_seconds: fc.integer({ min: 0, max: 10_000 }),
        timestamp: isoDates,
        latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      },
    ),
  },
  publicUpload: {
    method: 'POST',
    path: fixed('/api/public/upload'),
    body: bodyFor(['token', 'runTaskId', 'action_id', 'fileName', 'contentType', 'size'], {
      token: fc.constant('TOKEN'),
      runTaskId: fc.constant('RUN_TASK'),
      action_id: fc.uuid(),
      contentType: fc.constantFrom('image/jpeg', 'video/mp4', 'text/html', 'image/svg+xml'),
      size: fc.integer({ min: 1, max: 300 * 1024 * 1024 }),
    }),
  },
  publicConfirm: {
    method: 'POST',
    path: fixed('/api/public/media-confirm'),
    body: bodyFor(['token', 'runTaskId', 'action_id', 'path', 'type', 'captured_at'], {
      token: fc.constant('TOKEN'),
      runTaskId: fc.constant('RUN_TASK'),
      action_id: fc.uuid(),
      type: fc.constantFrom('photo', 'video'),
      captured_at: isoDates,
    }),
  },
  publicComplete: {
    method: 'POST',
    path: fixed('/api/public/complete'),
    body: bodyFor(['token', 'action_id'], { token: fc.constant('TOKEN'), action_id: fc.uuid() }),
  },
  publicIssue: {
    method: 'POST',
    path: fixed('/api/public/issue'),
    body: bodyFor(['token', 'action_id', 'runTaskId', 'severity', 'description', 'media'], {
      token: fc.constant('TOKEN'),
      runTaskId: fc.constant('RUN_TASK'),
      action_id: fc.uuid(),
      severity: fc.constantFrom('low', 'medium', 'high'),
      media: fc.array(fc.string({ maxLength: 20 }), { maxLength: 2 }),
    }),
  },
  updateProfile: {
    method: 'PUT',
    path: fixed('/api/profile'),
    body: bodyFor(['display_name', 'company_name', 'years_experience', 'website', 'public_profile', 'skills'], {
      years_experience: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom('7', ' 12 ', 'seven', '')),
      website: fc.constantFrom('https://example.test', 'ftp://x', ''),
      public_profile: fc.boolean(),
      skills: fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }),
    }),
  },
  updatePreferences: {
    method: 'PUT',
    path: fixed('/api/preferences'),
    body: bodyFor(['email_notifications', 'data_sharing', 'theme', 'timezone'], {
      email_notifications: fc.boolean(),
      data_sharing: fc.boolean(),
      theme: fc.constantFrom('system', 'light', 'dark', 'neon'),
      timezone: fc.constantFrom('auto', 'UTC', 'Europe/Paris', 'Mars/Base'),
    }),
  },
  inviteTeamMember: {
    method: 'POST',
    path: fixed('/api/team'),
    body: bodyFor(['email', 'name', 'role'], { email: emails, role: fc.constantFrom('Cleaner', 'Co-host', 'Boss') }),
  },
  analytics: {
    method: 'GET',
    path: () =>
      fc
        .oneof(fc.constantFrom('7', '30', '90', '14', '-1', '1e9'), fc.string({ maxLength: 10 }))
        .chain((days) =>
          fc
            .tuple(
              fc.oneof(fc.constant(''), fc.uuid(), fc.string({ maxLength: 40 })),
              fc.oneof(fc.constantFrom('', 'turnover', 'move_in', 'deep_clean'), fc.string({ maxLength: 12 })),
            )
            .map(
              ([property, type]) =>
                `/api/analytics?days=${encodeURIComponent(days)}&property_id=${encodeURIComponent(property)}&type=${encodeURIComponent(type)}`,
            ),
        ),
    body: null,
  },
  accountDeletion: {
    method: 'POST',
    path: fixed('/api/account/deletion'),
    // Random text never equals the owner's address or password, so the fuzzing owner survives every request.
    body: bodyFor(['confirm_email', 'current_password'], { confirm_email: emails, current_password: passwords }),
  },
  signOut: {
    method: 'POST',
    path: fixed('/api/auth/logout'),
    body: bodyFor(['everywhere'], { everywhere: fc.boolean() }),
    signedOut: true,
  },
  googleCallback: {
    method: 'GET',
    path: () =>
      fc
        .tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }))
        .map(
          ([code, state]) =>
            `/api/auth/google/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
        ),
    body: null,
  },
  crossSiteWrite: {
    method: 'PUT',
    path: fixed('/api/preferences'),
    body: bodyFor(['theme'], { theme: fc.constantFrom('system', 'light') }),
    headers: fc.oneof(
      headerValues.map((origin) => ({ Origin: origin })),
      headerValues.map((referer) => ({ Referer: referer })),
    ),
  },
  uploadBytes: {
    method: 'PUT',
    path: () => fc.string({ maxLength: 120 }).map((t) => `/api/public/upload/${encodeURIComponent(t) || 'x'}`),
    body: bodyFor(['anything']),
  },
  onboardingStep: {
    method: 'POST',
    path: () =>
      fc
        .oneof(fc.constantFrom('add-property', 'invite-team', 'view-analytics'), fc.string({ maxLength: 30 }))
        .map((step) => `/api/onboarding/steps/${encodeURIComponent(step) || 'x'}`),
    body: bodyFor(['anything']),
  },
  onboardingPlan: {
    method: 'POST',
    path: fixed('/api/onboarding/plan'),
    body: bodyFor(['plan_key'], { plan_key: fc.constantFrom('flex', 'pro', 'gold') }),
  },
  checkoutSession: {
    method: 'GET',
    path: () =>
      fc
        .oneof(fc.constantFrom('cs_test_abc123', 'cs_live_1', 'cs_test_', 'pi_1'), fc.string({ maxLength: 300 }))
        .map((id) => `/api/stripe/checkout-sessions/${encodeURIComponent(id) || 'x'}`),
    body: null,
  },
  mediaLink: {
    method: 'GET',
    path: () => fc.string({ maxLength: 120 }).map((t) => `/api/media/${encodeURIComponent(t) || 'x'}`),
    body: null,
  },
  resendInvitation: {
    method: 'POST',
    path: () =>
      fc
        .oneof(fc.uuid(), fc.string({ maxLength: 20 }))
        .map((id) => `/api/team/${encodeURIComponent(id) || 'x'}/invitation`),
    body: bodyFor(['anything']),
  },
  regenerateReport: {
    method: 'POST',
    path: () =>
      fc
        .oneof(fc.constant(runId), fc.uuid(), fc.string({ maxLength: 20 }))
        .map((id) => `/api/runs/${encodeURIComponent(id ?? '') || 'x'}/reports`),
    body: bodyFor(['anything']),
  },
  dashboard: {
    method: 'GET',
    path: () =>
      fc
        .oneof(isoDates, fc.string({ maxLength: 40 }))
        .map((since) => `/api/dashboard?since=${encodeURIComponent(since)}`),
    body: null,
  },
};

const RUNS_PER_TARGET = 45; // 31 targets x 45 = 1,395 requests (checkout is fuzzed against stripe-mock in stripe-billing.test.ts)

describe('every write endpoint survives random and malformed input', () => {
  const outcomes: { target: string; status: number }[] = [];

  for (const [name, target] of Object.entries(targets)) {
    it(`${target.method} ${name}: 2xx or 4xx with {error}, never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          target.path(),
          target.body ?? fc.constant(undefined),
          fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
          target.headers ?? fc.constant({}),
          async (path, rawBody, plainText, headers) => {
            const body = rawBody
              ?.replace('"PROPERTY"', JSON.stringify(propertyId))
              .replace('"TEMPLATE"', JSON.stringify(templateId))
              .replace('"TOKEN"', JSON.stringify(runToken))
              .replace('"RUN_TASK"', JSON.stringify(runTaskId));
            const client = target.signedOut ? new Browser(api.baseUrl) : owner;
            const response = await client.request(target.method, path, body, {
              ...(plainText ? { 'Content-Type': 'text/plain' } : {}),
              ...headers,
            });
            outcomes.push({ target: name, status: response.status });
            expect(response.status, `${target.method} ${path} ${body}`).toBeLessThan(500);
            if (response.status >= 400) {
              expect(typeof response.body?.error, `${target.method} ${path} ${body} answered ${response.status}`).toBe(
                'string',
              );
              expect(response.body.error.length).toBeGreaterThan(5);
            }
            // Keep the signed-in session usable for the rest of the run.
            if (name === 'changePassword' && response.status === 200)
              throw new Error('a random body changed the password');
          },
        ),
        { numRuns: RUNS_PER_TARGET },
      );
    });
  }

  it('sent at least 500 requests and left no partial rows behind', async () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(500);
    const db = api.orm.em.getConnection();
    const orphans = await db.execute(`
      select
        (select count(*) from users u where not exists (select 1 from profiles p where p.user_id = u.id)) as users_without_profile,
        (select count(*) from users u where not exists (select 1 from properties p where p.owner_id = u.id and p.is_system_property)) as users_without_template_collection,
        (select count(*) from properties p where not p.is_system_property
           and (select count(*) from checklists c where c.property_id = p.id) < 3) as properties_without_default_checklists,
        (select count(*) from checklists c where not exists (select 1 from tasks t where t.checklist_id = c.id)
           and not exists (select 1 from properties p where p.id = c.property_id and p.is_system_property)) as empty_checklists,
        (select count(*) from runs r where not exists (select 1 from run_tasks t where t.run_id = r.id)) as runs_without_tasks,
        (select count(*) from properties where trim(name) = '' or trim(address) = '') as blank_properties
    `);
    expect(orphans[0]).toEqual({
      users_without_profile: '0',
      users_without_template_collection: '0',
      properties_without_default_checklists: '0',
      empty_checklists: '0',
      runs_without_tasks: '0',
      blank_properties: '0',
    });
    const created = outcomes.filter((o) => o.target === 'createProperty' && o.status === 201).length;
    const deleted = outcomes.filter((o) => o.target === 'deleteProperty' && o.status === 200).length;
    const [row] = await db.execute<{ count: string }[]>(
      `select count(*) from properties where owner_id = ? and not is_system_property`,
      [owner.userId],
    );
    expect(Number(row?.count)).toBe(1 + created - deleted);
  });
});
