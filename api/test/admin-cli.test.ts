import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';

const run = promisify(execFile);
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { ADMIN_EMAILS: '' } });
});
afterAll(() => api?.close());

/** `npm run admin -- ...` as an operator types it, against the test database. */
async function admin(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
      env: { ...process.env, DATABASE_URL: api.config.DATABASE_URL, ADMIN_EMAILS: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const isAdmin = async (owner: Browser) => (await owner.get('/api/subscription')).body.isAdmin as boolean;

describe('npm run admin', () => {
  it('grants the admin role to an existing account, keeps it across a restart, and revokes it', async () => {
    const owner = await signedInOwner(api);
    expect(await isAdmin(owner)).toBe(false);

    const granted = await admin('grant', owner.email.toUpperCase());
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.out).toContain(`${owner.email} is now an admin.`);
    expect(await isAdmin(owner)).toBe(true);

    // A restart reconciles ADMIN_EMAILS (empty here): a CLI grant is not the list's to take away.
    const restarted = await startTestApi({ env: { ADMIN_EMAILS: '' } });
    try {
      const sameSession = new Browser(restarted.baseUrl);
      sameSession.cookie = owner.cookie;
      expect(await isAdmin(sameSession)).toBe(true);
    } finally {
      await restarted.close();
    }

    const revoked = await admin('revoke', owner.email);
    expect(revoked.out).toContain(`${owner.email} is no longer an admin.`);
    expect(await isAdmin(owner)).toBe(false);
  });

  it('makes an unconfirmed address admin only once it is confirmed', async () => {
    const email = uniqueEmail('pending-admin');
    const squatter = new Browser(api.baseUrl);
    expect(
      (await squatter.post('/api/auth/signup', { email, password: goodPassword, full_name: 'Pending' })).status,
    ).toBe(201);
    expect((await admin('grant', email)).out).toContain(`${email} will be an admin once the address is confirmed.`);
    const [row] = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ role: string }[]>(`select p.role from profiles p join users u on u.id = p.user_id where u.email = ?`, [
        email,
      ]);
    expect(row?.role).toBe('Property Manager');
  });

  it('refuses an unknown account or command with a sentence and exit code 1', async () => {
    const unknown = await admin('grant', 'nobody@example.test');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.out).toContain('No account with the e-mail nobody@example.test.');
    const usage = await admin('promote', 'x@example.test');
    expect(usage).toMatchObject({ code: 1 });
    expect(usage.out).toContain('Usage: npm run admin -- grant <email> | revoke <email>');
  });
});
