import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner } from './support/browser.ts';
import { ownerRecords } from './support/owner-records.ts';
import { startStripeMock } from './support/stripe-mock.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
let records: ReturnType<typeof ownerRecords>;
beforeAll(async () => {
  api = await startTestApi();
  records = ownerRecords(api);
});
afterAll(() => api.close());

type Owner = Awaited<ReturnType<typeof signedInOwner>>;

const pdfOf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);

/** An owner with a property (and its default checklists), a run with its workflow, a photo and a report PDF. */
async function ownerWithHistory(label: string) {
  const owner = await signedInOwner(api);
  const property = (await owner.post('/api/properties', { name: `${label} Retreat`, address: `${label} Lane 3` })).body;
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (await owner.post('/api/runs', { property_id: property.id, type: 'turnover', template_id: template.id }))
    .body;
  const photoPath = await records.photo(run.id, run.tasks[0].id, Buffer.from(`${label} photo bytes`));
  const pdf = pdfOf(label);
  const reportPath = await records.report(run.id, pdf);
  return { owner, property, run, photoPath, reportPath, pdf };
}

async function download(owner: Owner, path: string) {
  const response = await fetch(`${api.baseUrl}${path}`, { headers: { Cookie: owner.cookie } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const count = async (sql: string, params: unknown[]) =>
  Number((await api.orm.em.getConnection().execute<{ n: string }[]>(sql, params))[0]?.n);

describe('profile and preferences', () => {
  it('edits the name and company inline, parses years of experience, and counts real Quick Stats', async () => {
    const owner = await signedInOwner(api);
    const initial = await owner.get('/api/profile');
    expect(initial.body).toMatchObject({
      email: owner.email,
      display_name: 'Test Owner',
      role: 'Property Manager',
      stats: {
        properties: 0,
        completed_runs: 0,
        team_members: 0,
        task_completion_percent: null,
      },
    });

    const edited = await owner.put('/api/profile', {
      display_name: '  Jane Host ',
      company_name: 'Harbor Stays',
      years_experience: '7',
      role: 'admin',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ display_name: 'Jane Host', company_name: 'Harbor Stays', years_experience: 7 });
    expect(edited.body.role).toBe('Property Manager');
    expect((await owner.put('/api/profile', { company_name: '' })).body.company_name).toBeNull();

    const property = await records.property(owner.userId, 'Stats Place');
    await records.run(property, { status: 'completed', started_at: new Date(), ended_at: new Date() });
    // A second completed run with one of its three tasks left unticked: 3 of 4 tasks done.
    const second = await records.run(property, {
      status: 'completed',
      started_at: new Date(),
      ended_at: new Date(),
      tasks: 3,
    });
    await api.orm.em
      .fork()
      .getConnection()
      .execute('update run_tasks set checked = false where id = ?', [second.taskIds[2]]);
    await records.run(property, { status: 'pending', tasks: 2 });
    // Real counts only: no 'hours saved' or 'revenue' multiplied out of the run count.
    expect((await owner.get('/api/profile')).body.stats).toEqual({
      properties: 1,
      completed_runs: 2,
      team_members: 0,
      task_completion_percent: 75,
    });

    for (const [body, error] of [
      [{ display_name: '   ' }, 'Please enter your name.'],
      [{ years_experience: 'seven' }, 'Years of experience must be a whole number from 0 to 80.'],
      [{ website: 'ftp://example.test' }, 'Website must start with http:// or https://.'],
      [{ public_profile: 'yes' }, 'public_profile must be true or false.'],
    ] as const) {
      const answer = await owner.put('/api/profile', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(error);
    }
    expect((await new Browser(api.baseUrl).get('/api/profile')).status).toBe(401);
  });

  it('starts with the spec’s default preferences and keeps what the owner changes', async () => {
    const owner = await signedInOwner(api);
    const other = await signedInOwner(api);
    expect((await owner.get('/api/preferences')).body).toMatchObject({
      email_notifications: true,
      desktop_notifications: true,
      alert_notifications: true,
      analytics_collection: true,
      push_notifications: false,
      location_services: false,
      data_sharing: false,
      theme: 'system',
      timezone: 'auto',
    });
    const saved = await owner.put('/api/preferences', { push_notifications: true, timezone: 'Europe/Paris' });
    expect(saved.status).toBe(200);
    expect((await owner.get('/api/preferences')).body).toMatchObject({
      push_notifications: true,
      email_notifications: true,
      timezone: 'Europe/Paris',
    });
    expect((await other.get('/api/preferences')).body).toMatchObject({ push_notifications: false, timezone: 'auto' });

    const bad = await owner.put('/api/preferences', { timezone: 'Mars/Base' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Timezone must be one of: auto, UTC, America\/New_York/);
  });
});

describe('GET /api/account/export', () => {
  it('downloads a ZIP with the owner’s records as JSON, their report PDFs and photos, and nothing of another owner', async () => {
    const mine = await ownerWithHistory('Mine');
    const theirs = await ownerWithHistory('Theirs');

    const { response, bytes } = await download(mine.owner, '/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="turnproof-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );

    const zip = await JSZip.loadAsync(bytes);
    const json = async (name: string) => JSON.parse(await zip.file(`data/${name}`)!.async('string')) as any[];
    expect((await json('account.json'))[0]).toMatchObject({ id: mine.owner.userId, email: mine.owner.email });
    expect((await json('account.json'))[0]).not.toHaveProperty('password_hash');
    expect((await json('properties.json')).map((p) => p.name)).toEqual(['Template Collection', 'Mine Retreat']);
    expect((await json('checklists.json')).length).toBeGreaterThan(0);
    const runs = await json('runs.json');
    expect(runs.map((run) => run.id)).toEqual([mine.run.id]);
    expect(runs[0]).not.toHaveProperty('token_hash');
    expect(runs[0]).not.toHaveProperty('link_encrypted');
    expect((await json('run-tasks.json')).length).toBe(mine.run.tasks.length);
    expect((await json('media.json')).map((m) => m.path)).toEqual([mine.photoPath]);
    expect((await json('reports.json'))[0]).not.toHaveProperty('html_content');

    const pdfs = zip.file(/^reports\/.*\.pdf$/);
    expect(pdfs.map((file) => file.name)).toEqual([`reports/mine-retreat-${mine.run.id.slice(0, 8)}-v1.pdf`]);
    expect(await pdfs[0]!.async('nodebuffer')).toEqual(mine.pdf);
    expect(await zip.file(`media/${mine.photoPath}`)!.async('string')).toBe('Mine photo bytes');

    // Nothing of the other owner anywhere in the archive.
    const everything = await Promise.all(Object.values(zip.files).map((file) => file.async('string')));
    for (const trace of [theirs.owner.email, theirs.owner.userId, theirs.run.id, theirs.property.id, 'Theirs']) {
      expect(
        everything.some((content) => content.includes(trace)),
        trace,
      ).toBe(false);
    }
  });

  it('needs a signed-in owner', async () => {
    expect((await new Browser(api.baseUrl).get('/api/account/export')).status).toBe(401);
  });
});

describe('POST /api/account/deletion', () => {
  it('refuses unless the account e-mail is typed, then removes rows, files and workflows and signs out', async () => {
    const doomed = await ownerWithHistory('Doomed');
    const survivor = await ownerWithHistory('Survivor');
    const userId = doomed.owner.userId;
    // Sign-up started the account's trial/{userId}; a stand-in plays its billing/{userId} (no worker takes it).
    expect((await api.temporal.workflow.getHandle(`trial/${userId}`).describe()).status.name).toBe('RUNNING');
    await api.temporal.workflow.start('Placeholder', {
      workflowId: `billing/${userId}`,
      taskQueue: `nobody-${userId}`,
    });

    for (const body of [{}, { confirm_email: 'someone@else.test' }]) {
      const refused = await doomed.owner.post('/api/account/deletion', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('To delete your account, type your account email address exactly as shown.');
    }
    expect((await doomed.owner.get('/api/profile')).status).toBe(200);

    const deleted = await doomed.owner.post('/api/account/deletion', {
      confirm_email: ` ${doomed.owner.email.toUpperCase()} `,
      current_password: goodPassword,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Your account and all of its data have been deleted.');

    expect((await doomed.owner.get('/api/profile')).status).toBe(401);
    const signIn = await new Browser(api.baseUrl).post('/api/auth/login', {
      email: doomed.owner.email,
      password: goodPassword,
    });
    expect(signIn.status).toBe(401);
    expect(await count('select count(*) as n from users where id = ?', [userId])).toBe(0);
    expect(await count('select count(*) as n from properties where owner_id = ?', [userId])).toBe(0);
    expect(await count('select count(*) as n from runs where id = ?', [doomed.run.id])).toBe(0);
    expect(await count('select count(*) as n from media where run_id = ?', [doomed.run.id])).toBe(0);
    expect(await api.storage.exists(doomed.photoPath)).toBe(false);
    expect(await api.storage.exists(doomed.reportPath)).toBe(false);
    for (const id of [`run/${doomed.run.id}`, `trial/${userId}`, `billing/${userId}`]) {
      expect((await api.temporal.workflow.getHandle(id).describe()).status.name, id).toBe('TERMINATED');
    }

    // The other owner keeps everything.
    expect((await survivor.owner.get(`/api/runs/${survivor.run.id}`)).status).toBe(200);
    expect(await api.storage.exists(survivor.photoPath)).toBe(true);
    expect(await api.storage.exists(survivor.reportPath)).toBe(true);
    expect((await api.temporal.workflow.getHandle(`run/${survivor.run.id}`).describe()).status.name).toBe('RUNNING');
  });
});

describe('deleting an account with a live Stripe subscription', () => {
  const liveSubscription = (userId: string) =>
    api.orm.em.getConnection().execute(
      `insert into billing_subscriptions (id, user_id, stripe_subscription_id, plan_key, status, cancel_at_period_end, created_at, updated_at)
         values (gen_random_uuid(), ?, ?, 'pro', 'active', false, now(), now())`,
      [userId, `sub_${userId.replaceAll('-', '')}`],
    );

  it('deletes nothing while the subscription cannot be cancelled (no Stripe configured here)', async () => {
    const owner = await signedInOwner(api);
    await liveSubscription(owner.userId);
    const refused = await owner.post('/api/account/deletion', {
      confirm_email: owner.email,
      current_password: goodPassword,
    });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe(
      'Your subscription could not be cancelled just now, so nothing was deleted. Please try again in a few minutes.',
    );
    expect((await owner.get('/api/profile')).status).toBe(200);
  });

  it('cancels the subscription at Stripe, then deletes the account', async () => {
    const stripeMock = await startStripeMock();
    const billedApi = await startTestApi({ env: stripeMock.env });
    try {
      const owner = await signedInOwner(billedApi);
      await liveSubscription(owner.userId);
      const deleted = await owner.post('/api/account/deletion', {
        confirm_email: owner.email,
        current_password: goodPassword,
      });
      expect(deleted.status).toBe(200);
      expect(stripeMock.requestsTo(`/v1/subscriptions/sub_${owner.userId.replaceAll('-', '')}`, 'DELETE')).toHaveLength(
        1,
      );
      expect(await count('select count(*) as n from billing_subscriptions where user_id = ?', [owner.userId])).toBe(0);
    } finally {
      await billedApi.close();
      await stripeMock.close();
    }
  });
});
