import { Writable } from 'node:stream';
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
});
