import { Writable } from 'node:stream';
import { TeamMember } from '@turnproof/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFrontEndsBuilt } from '../console/console-build.ts';
import { Browser, signedInOwner, uniqueEmail } from '../support/browser.ts';
import { ownerRecords } from '../support/owner-records.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * N3 (and M1's gap): a cleaner's schedule link /c/{token} opens every run assigned to them, with the
 * door codes. Whoever reads the request log must not find it there, nor in the line the site writes
 * for a GET nobody answered.
 */

let api: TestApi;
const logLines: string[] = [];

beforeAll(async () => {
  ensureFrontEndsBuilt();
  api = await startTestApi({
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
});
afterAll(() => api?.close());

describe('N3 the schedule link in the request log', () => {
  it('is redacted when the cleaner opens /c/{token}, and so is a token in a path nobody answers', async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const member = (await owner.post('/api/team', { email: uniqueEmail('rosa'), name: 'Rosa Diaz' })).body;
    const link = (await owner.post(`/api/team/${member.id}/schedule-link`)).body.link as string;
    const token = link.split('/').pop()!;
    expect(token).toHaveLength(43);

    const cleaner = new Browser(api.baseUrl);
    const page = await cleaner.request('GET', `/c/${token}`, undefined, { Accept: 'text/html' });
    expect(page.status).toBe(200);
    // The page's URL is a credential: it must not leave in a Referer either.
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await cleaner.get(`/api/public/schedule?token=${token}`)).status).toBe(200);
    // A link mangled by a mail client or typed into the wrong path: the site's 404 page logs the path.
    const mangled = await cleaner.request('GET', `/schedule/${token}`, undefined, { Accept: 'text/html' });
    expect(mangled.status).toBe(404);

    const log = logLines.join('');
    expect(log).toContain('"path":"/c/:secret"');
    expect(log).toContain('"path":"/schedule/:secret"');
    expect(log).not.toContain(token);
  });

  it('stops working 30 days after it was made (410), and the host then makes a new one', async () => {
    const owner = await signedInOwner(api);
    await ownerRecords(api).grantPlan(owner.userId, 'pro');
    const member = (await owner.post('/api/team', { email: uniqueEmail('ana'), name: 'Ana Lima' })).body;
    const link = (await owner.post(`/api/team/${member.id}/schedule-link`)).body.link as string;
    const token = link.split('/').pop()!;
    const row = await api.orm.em.fork().findOneOrFail(TeamMember, { id: member.id });
    const lifetimeDays = (row.schedule_expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(29.9);
    expect(lifetimeDays).toBeLessThanOrEqual(30);

    // 30 days on (no API call can age a link).
    await api.orm.em
      .fork()
      .nativeUpdate(TeamMember, { id: member.id }, { schedule_expires_at: new Date(Date.now() - 1000) });
    const cleaner = new Browser(api.baseUrl);
    const expired = await cleaner.get(`/api/public/schedule?token=${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('This schedule link has expired. Please ask your host for a new link.');
    expect((await fetch(`${api.baseUrl}/api/public/schedule.ics?token=${token}`)).status).toBe(410);
    // The host sees no link to share, and makes a new one; the old one stays dead.
    expect((await owner.get(`/api/team/${member.id}/schedule-link`)).body.link).toBeNull();
    const renewed = (await owner.post(`/api/team/${member.id}/schedule-link`)).body.link as string;
    expect((await cleaner.get(`/api/public/schedule?token=${renewed.split('/').pop()}`)).status).toBe(200);
    expect((await cleaner.get(`/api/public/schedule?token=${token}`)).status).toBe(404);
  });
});
