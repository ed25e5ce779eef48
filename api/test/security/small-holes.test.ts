import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';
import { Cleaner } from '../runner/cleaner.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function newRun(owner: Awaited<ReturnType<typeof signedInOwner>>) {
  const property = await owner.post('/api/properties', { name: 'Harbor Loft', address: '3 Pier Ave' });
  const template = (await owner.get('/api/templates?filter={"kind":"turnover"}')).body[0];
  const run = (
    await owner.post('/api/runs', { property_id: property.body.id, type: 'turnover', template_id: template.id })
  ).body;
  const cleaner = Cleaner.fromLink(run.magic_link);
  const tasks = (await cleaner.openRun()).body.run.tasks as { id: string }[];
  return { run, cleaner, tasks };
}

describe('deeply nested JSON', () => {
  it('answers 400 naming the problem, signed out and on the runner API, not a 500', async () => {
    const depth = 200_000;
    const body = `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const browser = new Browser(api.baseUrl);
    const login = await browser.request('POST', '/api/auth/login', body);
    expect(login.status).toBe(400);
    expect(login.body.error).toBe('The request is nested more than 32 levels deep.');
    const task = await browser.request(
      'POST',
      '/api/public/task',
      `{"token":"x","comment":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    );
    expect(task.status).toBe(400);
    expect(task.body.error).toBe('The request is nested more than 32 levels deep.');
  });
});

describe('a task action timestamped in the future', () => {
  it('is taken as now, so it cannot freeze the task against later changes', async () => {
    const owner = await signedInOwner(api);
    const { cleaner, tasks } = await newRun(owner);
    const taskId = tasks[0]!.id;
    const frozen = await cleaner.tick(taskId, {
      checked: true,
      comment: 'From 2100',
      timestamp: '2100-01-01T00:00:00Z',
    });
    expect(frozen.status).toBe(200);
    const later = await cleaner.tick(taskId, {
      checked: false,
      comment: 'Undone',
      timestamp: new Date().toISOString(),
    });
    expect(later.status).toBe(200);
    const stored = (await cleaner.openRun()).body.run.tasks.find((task: { id: string }) => task.id === taskId);
    expect(stored).toMatchObject({ checked: false, comment: 'Undone' });
  });
});

describe('password reset links', () => {
  it('all die when one of them is used', async () => {
    const owner = await signedInOwner(api);
    const resetMails = () =>
      api.mailbox.received.filter((mail) => mail.to.includes(owner.email) && /Reset/.test(mail.subject));
    for (let i = 1; i <= 3; i += 1) {
      await new Browser(api.baseUrl).post('/api/auth/password-reset/request', { email: owner.email });
      await expect.poll(() => resetMails().length).toBe(i);
    }
    const tokens = resetMails().map((mail) => new URL(linkIn(mail)).searchParams.get('token') ?? '');
    expect(new Set(tokens).size).toBe(3);
    const browser = new Browser(api.baseUrl);
    const confirm = (token: string, password: string) =>
      browser.post('/api/auth/password-reset/confirm', { token, password, confirm_password: password });
    expect((await confirm(tokens[1]!, 'the owner new passphrase')).status).toBe(200);
    for (const stale of [tokens[0]!, tokens[2]!]) {
      const answer = await confirm(stale, 'an attacker passphrase');
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('This password reset link has already been used. Please request a new one.');
    }
    expect(
      (await browser.post('/api/auth/login', { email: owner.email, password: 'the owner new passphrase' })).status,
    ).toBe(200);
  });
});

describe('the admin role', () => {
  it('is given only once the ADMIN_EMAILS address is confirmed, and withdrawn when the address leaves the list', async () => {
    const email = uniqueEmail('admin');
    const listed = await startTestApi({ env: { ADMIN_EMAILS: email } });
    let unlisted: TestApi | undefined;
    try {
      const squatter = new Browser(listed.baseUrl);
      expect(
        (await squatter.post('/api/auth/signup', { email, password: goodPassword, full_name: 'Squatter' })).status,
      ).toBe(201);
      const [unconfirmed] = await listed.orm.em
        .fork()
        .getConnection()
        .execute<{ role: string }[]>(
          `select p.role from profiles p join users u on u.id = p.user_id where u.email = ?`,
          [email],
        );
      expect(unconfirmed?.role).toBe('Property Manager');

      const link = new URL(linkIn(await listed.mailbox.latest(email, /Confirm/)));
      await squatter.get(`${link.pathname}${link.search}`);
      expect((await squatter.post('/api/auth/login', { email, password: goodPassword })).status).toBe(200);
      expect((await squatter.get('/api/subscription')).body.isAdmin).toBe(true);

      unlisted = await startTestApi({ env: { ADMIN_EMAILS: '' } });
      const sameSession = new Browser(unlisted.baseUrl);
      sameSession.cookie = squatter.cookie;
      const after = await sameSession.get('/api/subscription');
      expect(after.status).toBe(200);
      expect(after.body.isAdmin).toBe(false);
    } finally {
      await listed.close();
      await unlisted?.close();
    }
  });
});

describe('the data export', () => {
  it('streams the files of a large account one at a time, not one open file per media', async () => {
    const owner = await signedInOwner(api);
    const { run, tasks } = await newRun(owner);
    const count = 1500;
    const paths = Array.from(
      { length: count },
      (_, n) => `runs/${run.id}/${tasks[0]!.id}/${randomUUID()}-photo-${n}.jpg`,
    );
    // Incompressible, so zipping a file takes longer than opening the next one.
    const bytes = randomBytes(32 * 1024);
    for (const path of paths) await api.storage.write(path, bytes);
    const connection = api.orm.em.fork().getConnection();
    for (let start = 0; start < count; start += 500) {
      const batch = paths.slice(start, start + 500);
      await connection.execute(
        `insert into media (id, run_id, run_task_id, path, type, status, content_type, size, created_at)
         select gen_random_uuid(), ?, ?, p, 'photo', 'confirmed', 'image/jpeg', 20, now()
         from jsonb_array_elements_text(?::jsonb) as p`,
        [run.id, tasks[0]!.id, JSON.stringify(batch)],
      );
    }
    // The API runs in this process: its open file descriptors are ours.
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    let most = before;
    const sampler = setInterval(() => (most = Math.max(most, openFiles())), 2);
    try {
      const response = await fetch(`${api.baseUrl}/api/account/export`, { headers: { Cookie: owner.cookie } });
      expect(response.status).toBe(200);
      const zip = Buffer.from(await response.arrayBuffer());
      expect(zip.includes(Buffer.from(paths.at(-1)!))).toBe(true);
      expect(zip.length).toBeGreaterThan(count * bytes.length);
    } finally {
      clearInterval(sampler);
    }
    expect(most - before).toBeLessThan(50);
  });
});
