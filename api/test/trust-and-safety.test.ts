import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFrontEndsBuilt } from './console/console-build.ts';
import { cameraPhoto, Cleaner, completeThroughMagicLink } from './runner/cleaner.ts';
import { Browser, goodPassword, signedInOwner, uniqueEmail } from './support/browser.ts';
import { startTestApi, type TestApi } from './support/test-api.ts';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process.ts';

/**
 * Issue 12's attacks, played over HTTP against the real app: tokens in the request log, rate limits
 * dodged with X-Forwarded-For or a parallel burst, sessions that outlive a password change, pages
 * without security headers, and requests that other sites make in a signed-in browser.
 */

const EVIL = 'https://evil.example';
/** The production budgets the attacks are measured against. */
const PER_IP = { points: 50, durationSeconds: 15 * 60 };
const PER_EMAIL = { points: 10, durationSeconds: 15 * 60 };
const REAUTH_PER_USER = { points: 5, durationSeconds: 15 * 60 };

let api: TestApi;
let worker: WorkerProcess;
const logLines: string[] = [];

beforeAll(async () => {
  ensureFrontEndsBuilt();
  api = await startTestApi({
    rateLimits: { reauthFailuresPerUser: REAUTH_PER_USER },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  worker = await startWorkerProcess(api);
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function ownerWithRun(owner: Browser) {
  const property = await owner.post('/api/properties', { name: 'Lakeview Cabin', address: '12 Shore Rd' });
  const checklists = await owner.get(
    `/api/checklists?filter=${encodeURIComponent(JSON.stringify({ property_id: property.body.id }))}`,
  );
  const checklist = checklists.body.find((c: { type: string }) => c.type === 'turnover');
  const run = await owner.post('/api/runs', {
    property_id: property.body.id,
    type: 'turnover',
    checklist_id: checklist.id,
  });
  expect(run.status).toBe(201);
  return run.body as { id: string; magic_link: string };
}

/** A different documentation address for each run of the suite: rate-limit counters outlive a run. */
const freshIp = () => `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}`;

describe('the request log', () => {
  it("holds no magic link or signed upload or media token during a cleaner's whole run", async () => {
    const owner = await signedInOwner(api);
    const run = await ownerWithRun(owner);
    const cleaner = Cleaner.fromLink(run.magic_link);
    const secrets = [cleaner.token];

    // The runner page, the console's Test link, and the whole job through the runner API.
    expect((await cleaner.http.get(`/r/${cleaner.token}`)).status).toBe(200);
    expect((await cleaner.http.get(`/run/${cleaner.token}`)).status).toBe(200);
    expect((await owner.request('HEAD', `/api/test-run/${cleaner.token}`)).status).toBe(200);
    const opened = await cleaner.openRun();
    const photoTask = opened.body.run.tasks.find(
      (task: { task: { required_media: number } }) => task.task.required_media,
    );
    const upload = await cleaner.uploadPhoto(photoTask.id, await cameraPhoto('log-test', 64, 48));
    expect(upload.put?.status).toBe(200);
    secrets.push(new URL(upload.reserved.body.uploadUrl).pathname.split('/').pop()!);
    const media = (await cleaner.openRun()).body.run.tasks.flatMap((task: { media: { url: string }[] }) => task.media);
    for (const item of media) {
      const url = new URL(item.url);
      expect((await cleaner.http.get(url.pathname)).status).toBe(200);
      secrets.push(url.pathname.split('/').pop()!);
    }
    await completeThroughMagicLink(cleaner);

    const log = logLines.join('');
    expect(log).toContain('"path":"/r/:secret"');
    expect(log).toContain('"path":"/api/test-run/:secret"');
    expect(log).toContain('"path":"/api/public/upload/:secret"');
    expect(log).toContain('"path":"/api/media/:secret"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});

/**
 * Sign-ins sent at once, over connections opened beforehand, from a process of their own: they reach
 * the server together as a botnet's would, not paced by the test's event loop (which the server
 * shares). Answers the statuses.
 */
async function burstOfSignIns(url: string, email: string, passwords: string[]): Promise<number[]> {
  const script = `
    const [url, email, passwords] = process.argv.slice(1);
    const guess = (password) => fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then((answer) => answer.status);
    const list = JSON.parse(passwords);
    // One open connection per guess first, so that the guesses leave together.
    const warm = () => fetch(new URL('/api/health', url)).then((answer) => answer.arrayBuffer());
    Promise.all(list.map(warm))
      .then(() => Promise.all(list.map(guess)))
      .then((statuses) => console.log(JSON.stringify(statuses)));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, url, email, JSON.stringify(passwords)]);
  return JSON.parse(stdout) as number[];
}

/** POSTs JSON from the given local address, claiming another in X-Forwarded-For; answers the status. */
function postFrom(localAddress: string, url: string, body: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      localAddress,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('sign-in rate limits', () => {
  it('ignore X-Forwarded-For unless TRUST_PROXY says a proxy is there, https origin or not: 60 failures from "60 addresses" get 429', async () => {
    const behindNothing = await startTestApi({
      rateLimits: { signInFailuresPerIp: PER_IP, signInFailuresPerEmail: PER_EMAIL },
      env: { PUBLIC_ORIGIN: 'https://app.test' },
    });
    try {
      // A loopback address of this test's own, so no other test's sign-ins share its counter.
      const client = `127.${randomBytes(3).join('.')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const body = JSON.stringify({ email: uniqueEmail('spray'), password: 'wrong-pass-1' });
        statuses.push(await postFrom(client, `${behindNothing.socketUrl}/api/auth/login`, body, freshIp()));
      }
      expect(statuses).toEqual([...Array(PER_IP.points).fill(401), ...Array(60 - PER_IP.points).fill(429)]);
    } finally {
      await behindNothing.close();
    }
  });

  it('behind TRUST_PROXY=1 hop, key on the address the proxy saw, not on what the client wrote before it', async () => {
    const behindProxy = await startTestApi({
      rateLimits: { signInFailuresPerIp: PER_IP, signInFailuresPerEmail: PER_EMAIL },
      env: { TRUST_PROXY: '1' },
    });
    try {
      const client = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const attempt = await new Browser(behindProxy.baseUrl).request(
          'POST',
          '/api/auth/login',
          { email: uniqueEmail('spray'), password: 'wrong-pass-1' },
          // The client's own X-Forwarded-For, then the entry our one proxy appends.
          { 'X-Forwarded-For': `${freshIp()}, ${client}` },
        );
        statuses.push(attempt.status);
      }
      expect(statuses.slice(0, PER_IP.points)).toEqual(Array(PER_IP.points).fill(401));
      expect(statuses.slice(PER_IP.points)).toEqual(Array(60 - PER_IP.points).fill(429));
      // Another client behind the same proxy still has its own budget.
      const other = await new Browser(behindProxy.baseUrl).request(
        'POST',
        '/api/auth/login',
        { email: uniqueEmail('other'), password: 'wrong-pass-1' },
        { 'X-Forwarded-For': freshIp() },
      );
      expect(other.status).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });

  it('spend the per-address budget before the password is checked: of 200 parallel guesses at most 10 are tried', async () => {
    const limited = await startTestApi({ rateLimits: { signInFailuresPerEmail: PER_EMAIL } });
    try {
      const owner = await signedInOwner(limited);
      // 190 wrong guesses, then the right password in the same burst: none of it may be tried past the budget.
      const guesses = [...Array.from({ length: 190 }, (_, i) => `wrong-${i}`), ...Array(10).fill(goodPassword)];
      const statuses = await burstOfSignIns(`${limited.baseUrl}/api/auth/login`, owner.email, guesses);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(PER_EMAIL.points);
      expect(statuses.filter((status) => status === 200)).toEqual([]);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(200 - PER_EMAIL.points);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  async function twoSessions() {
    const first = await signedInOwner(api);
    const second = new Browser(api.baseUrl);
    expect((await second.post('/api/auth/login', { email: first.email, password: goodPassword })).status).toBe(200);
    return { first, second };
  }

  it('a password change ends every other session and renews this one', async () => {
    const { first, second } = await twoSessions();
    const before = first.cookie;
    const changed = await first.post('/api/auth/password', {
      current_password: goodPassword,
      new_password: 'New-Passw0rd-2 long',
      confirm_password: 'New-Passw0rd-2 long',
    });
    expect(changed.status).toBe(200);
    expect((await second.get('/api/auth/session')).body.user).toBeNull();
    expect(first.cookie).not.toBe(before);
    expect((await first.get('/api/auth/session')).body.user.email).toBe(first.email);
    const stolen = new Browser(api.baseUrl);
    stolen.cookie = before;
    expect((await stolen.get('/api/auth/session')).body.user).toBeNull();
  });

  it('sign out everywhere ends every session of the account; a plain sign out only this one', async () => {
    const { first, second } = await twoSessions();
    const third = new Browser(api.baseUrl);
    expect((await third.post('/api/auth/login', { email: first.email, password: goodPassword })).status).toBe(200);
    expect((await third.post('/api/auth/logout')).status).toBe(200);
    expect((await second.get('/api/auth/session')).body.user.email).toBe(first.email);

    const everywhere = await first.post('/api/auth/logout', { everywhere: true });
    expect(everywhere.body).toEqual({ ok: true, message: 'Signed out everywhere' });
    expect((await first.get('/api/auth/session')).body.user).toBeNull();
    expect((await second.get('/api/auth/session')).body.user).toBeNull();
  });

  it('a stolen cookie cannot delete the account or change the password without the current password, nor guess it', async () => {
    const { second: thief, first: owner } = await twoSessions();
    const deletion = await thief.post('/api/account/deletion', { confirm_email: owner.email });
    expect(deletion.status).toBe(400);
    expect(deletion.body.error).toBe('Please enter your current password to confirm.');
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      const attempt =
        guess % 2
          ? await thief.post('/api/account/deletion', {
              confirm_email: owner.email,
              current_password: `guess ${guess}`,
            })
          : await thief.post('/api/auth/password', {
              current_password: `guess ${guess}`,
              new_password: 'Thief-Passw0rd-9',
              confirm_password: 'Thief-Passw0rd-9',
            });
      statuses.push(attempt.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Still locked for the right password, and the account is intact.
    expect(
      (await thief.post('/api/account/deletion', { confirm_email: owner.email, current_password: goodPassword }))
        .status,
    ).toBe(429);
    expect((await owner.get('/api/profile')).status).toBe(200);
  });
});

/** The CSP's directives by name. */
function policy(answer: { headers: Headers }): Map<string, string[]> {
  const header = answer.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('every answer (console, dashboard, runner page, API) forbids framing and sniffing and sets a referrer policy', async () => {
    const owner = await signedInOwner(api);
    const run = await ownerWithRun(owner);
    const token = new URL(run.magic_link).pathname.split('/').pop()!;
    for (const [path, referrer] of [
      ['/', 'strict-origin-when-cross-origin'],
      ['/dashboard', 'strict-origin-when-cross-origin'],
      [`/r/${token}`, 'no-referrer'],
      [`/run/${token}`, 'no-referrer'],
      ['/api/health', 'strict-origin-when-cross-origin'],
      ['/api/no-such-route', 'strict-origin-when-cross-origin'],
    ] as const) {
      const answer = await owner.request('GET', path, undefined, { Accept: 'text/html' });
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
      expect(answer.headers.get('referrer-policy'), path).toBe(referrer);
      expect(policy(answer).get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(answer.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it("pages allow their own files and, by hash, the inline scripts of the app's templates; nothing else runs", async () => {
    const owner = await signedInOwner(api);
    const run = await ownerWithRun(owner);
    // The public site's landing page, the console, the runner. (security/n9-page-csp: no script of a
    // page's content is allowed.)
    for (const path of ['/', '/dashboard', new URL(run.magic_link).pathname]) {
      // As a browser asks: the precompressed copy is served.
      const answer = await fetch(`${api.baseUrl}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      const html = await answer.text();
      // Inline scripts that run: no src, no data-block type (the site's JSON-LD never runs).
      const inline = [...html.matchAll(/<script(?![^>]*\s(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        ([, body]) => body!,
      );
      const scriptSrc = policy(answer).get('script-src') ?? [];
      expect(scriptSrc[0], path).toBe("'self'");
      expect(
        scriptSrc.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source)),
        path,
      ).toBe(true);
      for (const body of inline) {
        expect(scriptSrc, path).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      }
      expect(policy(answer).get('object-src'), path).toEqual(["'none'"]);
    }
    // JSON answers allow nothing at all.
    const health = await fetch(`${api.baseUrl}/api/health`);
    expect(policy(health).get('default-src')).toEqual(["'none'"]);
  });

  it('sends HSTS when the public origin is https', async () => {
    const https = await startTestApi({ env: { PUBLIC_ORIGIN: 'https://app.test' } });
    try {
      for (const path of ['/', '/api/health']) {
        const answer = await fetch(`${https.socketUrl}${path}`);
        expect(answer.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await https.close();
    }
  });
});

describe('cross-site requests', () => {
  it("refuse a foreign Origin or Referer on writes, body-less and text/plain ones included, but not Stripe's signed webhook", async () => {
    const owner = await signedInOwner(api);
    const run = await ownerWithRun(owner);
    const attacks: [string, string, Record<string, string>][] = [
      ['POST', `/api/runs/${run.id}/link`, { Origin: EVIL, 'Content-Type': 'text/plain' }],
      ['POST', `/api/runs/${run.id}/link`, { Origin: 'null' }],
      ['POST', `/api/runs/${run.id}/link`, { Referer: `${EVIL}/page` }],
      ['DELETE', `/api/runs/${run.id}/link`, { Origin: EVIL }],
      ['POST', '/api/auth/logout', { Origin: EVIL }],
      ['POST', '/api/properties', { Origin: EVIL, 'Content-Type': 'text/plain' }],
    ];
    for (const [method, path, headers] of attacks) {
      const answer = await owner.request(method, path, method === 'POST' ? '{"name":"x"}' : undefined, headers);
      expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(answer.body.error).toBe('This request came from another site and was refused.');
    }
    // Nothing happened: the link and the session are as they were.
    const after = await owner.get(`/api/runs/${run.id}`);
    expect(after.body.magic_link).toBe(run.magic_link);
    expect((await owner.get('/api/auth/session')).body.user.email).toBe(owner.email);

    // The app's own pages may write.
    const rotated = await owner.request('POST', `/api/runs/${run.id}/link`, undefined, { Origin: api.baseUrl });
    expect(rotated.status).toBe(200);
    expect(rotated.body.magic_link).not.toBe(run.magic_link);
    const sameReferer = await owner.request('POST', `/api/runs/${run.id}/link`, undefined, {
      Referer: `${api.baseUrl}/runs`,
    });
    expect(sameReferer.status).toBe(200);

    const webhook = await owner.request('POST', '/api/stripe/webhook', '{}', { Origin: EVIL });
    expect(webhook.status).not.toBe(403);
  });
});
