import { randomUUID } from 'node:crypto';
import { ONBOARDING_STEPS, UserActivity } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiRegistry } from '../../src/openapi/registry.ts';
import { Cleaner } from '../runner/cleaner.ts';
import { type Answer, signedInOwner } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startStripeMock, type StripeMock } from '../support/stripe-mock.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/*
 * Owner scoping lives in each handler (SECURITY-REVIEW Part 2). This walk keeps every handler honest:
 * every signed-in route of the OpenAPI registry is called as owner B with owner A's ids in its path and
 * body. A route whose path names one of A's records must answer 403 or 404; a route without one must
 * not show or touch A's data (B gets B's own, or a 4xx); no route may answer 5xx. A new route with a
 * path parameter this walk cannot fill fails the test until a filler is added below.
 */

let api: TestApi;
let stripeMock: StripeMock;
beforeAll(async () => {
  // With billing configured, the billing routes answer as in production instead of 503.
  stripeMock = await startStripeMock();
  api = await startTestApi({ env: stripeMock.env });
});
afterAll(async () => {
  await api?.close();
  await stripeMock?.close();
});

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const MARK = 'Owner-A-secret';
/** Stands for a photo or change map of A's run where a route names one below the run. */
const PHOTO_OF_A_RUN = randomUUID();

/** One of everything owner A can own, made through the API where it can be. */
async function ownerAWithEverything() {
  const owner = await signedInOwner(api);
  const created = async (path: string, body: unknown) => {
    const answer = await owner.post(path, body);
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const property = await created('/api/properties', { name: `${MARK} Villa`, address: `${MARK} Road 1` });
  const checklist = await created('/api/checklists', {
    property_id: property.id,
    name: `${MARK} list`,
    type: 'turnover',
  });
  const task = await created('/api/tasks', { checklist_id: checklist.id, title: `${MARK} task` });
  const supply = await created(`/api/properties/${property.id}/supplies`, {
    name: `${MARK} soap`,
    unit: 'bars',
    par_level: 5,
  });
  const template = await created('/api/templates', { name: `${MARK} template`, kind: 'turnover' });
  const run = await created('/api/runs', { property_id: property.id, type: 'turnover', checklist_id: checklist.id });
  const member = await created('/api/team', {
    email: `a-member-${Date.now()}@example.test`,
    name: `${MARK} member`,
    role: 'Cleaner',
  });
  const cleaner = Cleaner.fromLink(run.magic_link);
  const issue = await cleaner.http.post('/api/public/issue', {
    token: cleaner.token,
    action_id: randomUUID(),
    severity: 'low',
    description: `${MARK} issue`,
  });
  if (issue.status !== 201) throw new Error(`issue: ${issue.status} ${JSON.stringify(issue.body)}`);
  // Below par, so A's restock list names it.
  const counted = await cleaner.http.post('/api/public/supply-count', {
    token: cleaner.token,
    action_id: randomUUID(),
    supply_id: supply.id,
    count: 1,
  });
  if (counted.status !== 200) throw new Error(`supply count: ${counted.status} ${JSON.stringify(counted.body)}`);
  await ownerRecords(api).report(run.id, Buffer.from(`%PDF-1.4 ${MARK}`));
  const apiKey = await created('/api/api-keys', { name: `${MARK} key`, scopes: ['read'] });
  const workOrder = await created('/api/work-orders', {
    property_id: property.id,
    issue_id: issue.body.alert.id,
    title: `${MARK} work order`,
    vendor_name: `${MARK} vendor`,
  });
  const payStatement = await created('/api/pay-statements', {
    member_id: member.id,
    from: '2026-11-01',
    to: '2026-11-30',
  });
  const endpoint = await created('/api/webhook-endpoints', { url: 'https://hooks.example/a', events: ['run.created'] });
  const [delivery] = await api.orm.em.getConnection().execute<{ id: string }[]>(
    `with event as (insert into webhook_events (id, owner_id, type, payload) values (?, ?, 'run.created', '{}') returning id)
     insert into webhook_deliveries (event_id, endpoint_id) select id, ? from event returning id`,
    [`evt_${randomUUID().replaceAll('-', '')}`, owner.userId, endpoint.id],
  );
  const sessionId = 'cs_test_ownerAcheckout';
  const em = api.orm.em.fork();
  em.create(UserActivity, {
    user: owner.userId,
    activity_type: 'checkout_started',
    details: { session_id: sessionId },
  });
  await em.flush();
  return {
    owner,
    ids: {
      property: property.id as string,
      checklist: checklist.id as string,
      task: task.id as string,
      supply: supply.id as string,
      template: template.id as string,
      run: run.id as string,
      member: member.id as string,
      issue: issue.body.alert.id as string,
      apiKey: apiKey.id as string,
      webhookEndpoint: endpoint.id as string,
      webhookDelivery: delivery!.id,
      workOrder: workOrder.id as string,
      payStatement: payStatement.id as string,
      sessionId,
    },
  };
}

type OwnerA = Awaited<ReturnType<typeof ownerAWithEverything>>;

/**
 * How each path parameter is filled, by the path segment before it and its name. `ofA: false` marks a
 * parameter that names no record of A (B's own onboarding step): such a route is checked like a route
 * without an id.
 */
const fillers: Record<string, { ofA: boolean; fill: (a: OwnerA['ids']) => string }> = {
  'properties/{id}': { ofA: true, fill: (a) => a.property },
  'checklists/{id}': { ofA: true, fill: (a) => a.checklist },
  'tasks/{id}': { ofA: true, fill: (a) => a.task },
  'supplies/{supplyId}': { ofA: true, fill: (a) => a.supply },
  'templates/{id}': { ofA: true, fill: (a) => a.template },
  'runs/{id}': { ofA: true, fill: (a) => a.run },
  'runs/{runId}': { ofA: true, fill: (a) => a.run },
  'issues/{issueId}': { ofA: true, fill: (a) => a.issue },
  'reports/{version}': { ofA: true, fill: () => '1' },
  'team/{id}': { ofA: true, fill: (a) => a.member },
  'api-keys/{id}': { ofA: true, fill: (a) => a.apiKey },
  'webhook-endpoints/{id}': { ofA: true, fill: (a) => a.webhookEndpoint },
  'webhook-deliveries/{id}': { ofA: true, fill: (a) => a.webhookDelivery },
  'checkout-sessions/{sessionId}': { ofA: true, fill: (a) => a.sessionId },
  'work-orders/{id}': { ofA: true, fill: (a) => a.workOrder },
  'pay-statements/{id}': { ofA: true, fill: (a) => a.payStatement },
  // Below A's run in the path (which the route checks first): an id of a photo or map of that run.
  'evidence/{mediaId}': { ofA: true, fill: () => PHOTO_OF_A_RUN },
  'change-maps/{mapId}': { ofA: true, fill: () => PHOTO_OF_A_RUN },
  'regions/{number}': { ofA: true, fill: () => '1' },
  'steps/{step}': { ofA: false, fill: () => ONBOARDING_STEPS[0] },
};

/** The console's routes (a session cookie); the public API's, by API key, have their own walk (api/test/v1). */
function signedInRoutes() {
  return openApiRegistry.definitions.flatMap((definition) =>
    definition.type === 'route' && definition.route.security?.some((scheme) => 'sessionCookie' in scheme)
      ? [definition.route]
      : [],
  );
}

/** The route's path with A's ids, and whether it names a record of A; throws for a parameter it cannot fill. */
function pathFor(path: string, a: OwnerA['ids']) {
  let namesA = false;
  const filled = path.replace(/([\w-]+)\/\{(\w+)\}/g, (_, segment: string, name: string) => {
    const filler = fillers[`${segment}/{${name}}`];
    if (!filler) throw new Error(`${path}: no filler for {${name}} after ${segment}/ in the owner-isolation walk`);
    namesA ||= filler.ofA;
    return `${segment}/${encodeURIComponent(filler.fill(a))}`;
  });
  if (/\{\w+\}/.test(filled)) throw new Error(`${path}: a path parameter the owner-isolation walk cannot fill`);
  return { filled, namesA };
}

/** A body that points at A's records wherever a route takes an id, and writes B's text otherwise. */
const bodyFor = (a: OwnerA['ids']) => ({
  property_id: a.property,
  checklist_id: a.checklist,
  template_id: a.template,
  run_id: a.run,
  task_id: a.task,
  member_id: a.member,
  assignee_id: a.member,
  baseline_run_id: a.run,
  type: 'turnover',
  kind: 'turnover',
  name: 'Written by B',
  title: 'Written by B',
  task_ids: [a.task],
  note: 'Written by B',
  decision: 'approve',
});

/**
 * The routes anyone may call, by design: sign-in, the magic-link runner, signed media URLs, the public
 * checklist library, verification, webhooks and health. A new route must either be signed in (and so
 * walked below) or be added here on purpose, so no owner route escapes the walk by not saying `signedIn`.
 */
const PUBLIC_ROUTES = [
  'get /api/auth/confirm',
  'get /api/auth/google',
  'get /api/auth/google/callback',
  'post /api/auth/login',
  'post /api/auth/logout',
  'post /api/auth/password-reset/confirm',
  'post /api/auth/password-reset/request',
  'get /api/auth/providers',
  'get /api/auth/session',
  'post /api/auth/signup',
  'get /api/checklists/library',
  'post /api/checklists/library/{id}/pdf',
  'post /api/contact',
  'get /api/health',
  'get /api/health/live',
  'get /api/health/ready',
  'get /api/media/{signedToken}',
  // Twilio's webhooks: signed with X-Twilio-Signature, 403 otherwise (api/test/messaging).
  'post /api/messaging/twilio/inbound',
  'post /api/messaging/twilio/status',
  'get /api/og-image',
  'get /api/openapi.json',
  // Whether browser notifications are on, and the VAPID public key (public by nature).
  'get /api/push/config',
  'post /api/public/complete',
  // The phone's signing key, registered by the run's magic link (runner-web/test/browser/runner-device-signatures).
  'post /api/public/device-key',
  'post /api/public/issue',
  'post /api/public/pause',
  'post /api/public/resume',
  'post /api/public/guest-present',
  'post /api/public/media-confirm',
  // The runner's "notify me of my next job": by the run's magic link (api/test/push).
  'post /api/public/push/subscriptions',
  'post /api/public/supply-count',
  'get /api/public/run',
  'get /api/public/schedule',
  'get /api/public/schedule.ics',
  'post /api/public/task',
  'post /api/public/upload',
  'put /api/public/upload/{signedToken}',
  'post /api/public/verify',
  // The vendor's side of a work order: by its own link (api/test/work-orders).
  'get /api/public/work-order',
  'post /api/public/work-order/complete',
  'post /api/public/work-order/photo',
  'get /api/public/verify/{runId}',
  // An RFC 3161 token of a run's log head: as public as the verification it belongs to (api/test/proof).
  'get /api/public/verify/{runId}/timestamps/{anchorId}',
  'get /api/site/sample-report.pdf',
  'get /api/site/sample-report.html',
  'post /api/stripe/webhook',
  'get /api/team/invitations/accept',
  'post /api/team/invitations/accept',
  'get /api/team/invitations/welcome',
  'head /api/test-run/{token}',
  'post /api/vitals',
];

it('has no route outside the signed-in walk but the reviewed public ones', () => {
  const unsigned = openApiRegistry.definitions.flatMap((definition) =>
    definition.type === 'route' && !definition.route.security
      ? [`${definition.route.method} ${definition.route.path}`]
      : [],
  );
  expect(unsigned.sort()).toEqual([...PUBLIC_ROUTES].sort());
});

describe("owner B cannot reach owner A's records through any signed-in route", () => {
  let a: OwnerA;
  let b: Owner;
  beforeAll(async () => {
    a = await ownerAWithEverything();
    b = await signedInOwner(api);
  });

  it('knows how to fill every path parameter of every signed-in route', () => {
    const routes = signedInRoutes();
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) expect(() => pathFor(route.path, a.ids)).not.toThrow();
  });

  it('answers 403 or 404 for each of A’s ids, never A’s data, never a 5xx', async () => {
    const secrets = [MARK, ...Object.values(a.ids).filter((id) => id !== '1')];
    const seen: string[] = [];
    // Deletions last, so a leaking one could not hide a leak elsewhere.
    const routes = signedInRoutes().sort((x, y) => Number(x.method === 'delete') - Number(y.method === 'delete'));
    for (const route of routes) {
      const { filled, namesA } = pathFor(route.path, a.ids);
      const method = route.method.toUpperCase();
      const answer: Answer = await b.request(method, filled, method === 'GET' ? undefined : bodyFor(a.ids), {
        Origin: api.baseUrl,
      });
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
      const leaked = secrets.filter((secret) => text.includes(secret));
      const verdict = `${method} ${route.path} -> ${answer.status}${leaked.length ? ` showing ${leaked.join(', ')}` : ''}`;
      seen.push(verdict);
      expect.soft(answer.status, verdict).toBeLessThan(500);
      if (namesA) expect.soft([403, 404], verdict).toContain(answer.status);
      // Id-less routes answer B's own data (lists, profile) or refuse A's ids in the body with a 4xx.
      expect.soft(leaked, verdict).toEqual([]);
    }
    expect(seen.length).toBe(signedInRoutes().length);
  });

  it('leaves A’s records as they were', async () => {
    const answers = await Promise.all(
      [
        `/api/properties/${a.ids.property}`,
        `/api/checklists/${a.ids.checklist}`,
        `/api/tasks/${a.ids.task}`,
        `/api/templates/${a.ids.template}`,
        `/api/runs/${a.ids.run}`,
        `/api/team/${a.ids.member}`,
      ].map((path) => a.owner.get(path)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.name ?? answer.body.title ?? answer.body.property?.name)).not.toContain(
      'Written by B',
    );
    expect((await a.owner.get(`/api/runs/${a.ids.run}/issues`)).body).toHaveLength(1);
    expect((await a.owner.get('/api/api-keys')).body.map((key: { id: string }) => key.id)).toEqual([a.ids.apiKey]);
    const endpoints = (await a.owner.get('/api/webhook-endpoints')).body.data;
    expect(endpoints.map((endpoint: { id: string }) => endpoint.id)).toEqual([a.ids.webhookEndpoint]);
    const deliveries = (await a.owner.get(`/api/webhook-endpoints/${a.ids.webhookEndpoint}/deliveries`)).body.data;
    expect(deliveries).toEqual([expect.objectContaining({ id: a.ids.webhookDelivery, status: 'pending' })]);
  });
});
