import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signedInOwner, uniqueEmail } from '../support/browser.ts';
import { linkIn } from '../support/mailbox.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/** The second review's info items, each played against the real app. */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function professionalOwner() {
  const owner = await signedInOwner(api);
  await ownerRecords(api).grantPlan(owner.userId, 'pro');
  return owner;
}

describe('I-N5 invitation acceptance', () => {
  it("a mail scanner opening the link accepts nothing and learns no host's name; the person's button accepts once", async () => {
    const owner = await professionalOwner();
    const email = uniqueEmail('rosa');
    const member = (await owner.post('/api/team', { email, name: 'Rosa Diaz' })).body as { id: string };
    const link = new URL(linkIn(await api.mailbox.latest(email, /invited you/)));
    const status = async () => (await owner.get('/api/team')).body.find((row: { id: string }) => row.id === member.id);

    // The scanner fetches the link as a browser and as anything else, twice.
    const scanner = new Browser(api.baseUrl);
    for (const accept of ['text/html', 'application/json', '*/*']) {
      const opened = await scanner.request('GET', `${link.pathname}${link.search}`, undefined, { Accept: accept });
      expect(opened.status).toBe(200);
      expect(String(opened.body)).not.toContain('Test Owner');
    }
    expect((await status()).status).toBe('invited');

    // The person presses the page's button: a plain form POST from our own page.
    const page = String(
      (await scanner.request('GET', `${link.pathname}${link.search}`, undefined, { Accept: 'text/html' })).body,
    );
    const token = /name="token" value="([^"]+)"/.exec(page)![1]!;
    const form = (origin: string) =>
      fetch(`${api.baseUrl}/api/team/invitations/accept`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', Origin: origin },
        body: new URLSearchParams({ token }).toString(),
      });
    // Another site cannot press it for them.
    expect((await form('https://evil.example')).status).toBe(403);
    expect((await status()).status).toBe('invited');
    const pressed = await form(api.baseUrl);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toMatch(/^\/api\/team\/invitations\/welcome\?token=[\w-]{43}$/);
    expect((await status()).status).toBe('active');

    // The link is spent.
    const again = await scanner.post('/api/team/invitations/accept', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(
      'This invitation link is invalid or was already used. Ask the host to invite you again.',
    );
  });
});

describe('I-N3 /api/health', () => {
  it("tells the public that a worker cannot print, not Chromium's error text or the worker's paths", async () => {
    const connection = api.orm.em.getConnection();
    // No worker runs in this file (nor, files running one at a time, in another): the checks that
    // stopped workers of earlier files left are aged out, so this failed one is the only fresh check.
    await connection.execute("update worker_checks set checked_at = now() - interval '1 hour'");
    const detail =
      'The PDF could not be printed: Chromium failed (browserType.launch: /opt/turnproof/secret-build/chrome exited).';
    const workerId = `test-${randomUUID()}`;
    await connection.execute(
      'insert into worker_checks (worker_id, pdf_ok, pdf_problem, checked_at) values (?, false, ?, now())',
      [workerId, detail],
    );
    try {
      const health = (await (await fetch(`${api.baseUrl}/api/health`)).json()) as { pdf: string; pdf_problem?: string };
      expect(health.pdf).toBe('down');
      expect(health.pdf_problem).toBe(
        'The PDF could not be printed: Chromium failed on the worker (its log says why).',
      );
      expect(JSON.stringify(health)).not.toContain('/opt/turnproof');
    } finally {
      await connection.execute('delete from worker_checks where worker_id = ?', [workerId]);
    }
  });
});

describe('I-N1 the data export', () => {
  it('holds no schedule link of a team member, sealed or hashed', async () => {
    const owner = await professionalOwner();
    const member = (await owner.post('/api/team', { email: uniqueEmail('ana'), name: 'Ana Lima' })).body as {
      id: string;
    };
    const link = (await owner.post(`/api/team/${member.id}/schedule-link`)).body.link as string;
    const answer = await fetch(`${api.baseUrl}/api/account/export`, { headers: { Cookie: owner.cookie } });
    expect(answer.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await answer.arrayBuffer()));
    const entry = Object.values(zip.files).find((file) => file.name.endsWith('team-members.json'))!;
    const [row] = JSON.parse(await entry.async('string')) as Record<string, unknown>[];
    expect(row).toMatchObject({ id: member.id, name: 'Ana Lima' });
    for (const column of ['schedule_token_hash', 'schedule_link_encrypted', 'invite_token_hash']) {
      expect(row, column).not.toHaveProperty(column);
    }
    expect(JSON.stringify(row)).not.toContain(link.split('/').pop()!);
  });
});
