import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../src/http/context.ts';
import { webAssets } from '../src/http/web-assets.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const indexOf = (workspace: string) => path.join(repoRoot, workspace, 'dist/index.html');

let server: Server;
let baseUrl: string;
let consoleHtml: string;
let runnerHtml: string;

beforeAll(async () => {
  for (const workspace of ['console', 'runner-web']) {
    if (existsSync(indexOf(workspace))) continue;
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const env = { ...process.env, NODE_ENV: 'production' };
    execSync(`npm run build --workspace ${workspace}`, { cwd: repoRoot, env, stdio: 'inherit' });
  }
  consoleHtml = readFileSync(indexOf('console'), 'utf8');
  runnerHtml = readFileSync(indexOf('runner-web'), 'utf8');

  const app = new Koa<AppState>();
  for (const middleware of webAssets()) app.use(middleware);
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(urlPath: string) {
  const response = await fetch(`${baseUrl}${urlPath}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    headers: response.headers,
    body: await response.text(),
  };
}

describe('web assets on the API origin', () => {
  it('answers the console routes with the console, and leaves other paths (public pages, 404) to the site', async () => {
    for (const urlPath of ['/auth', '/dashboard', '/properties/new', '/checklists/abc/edit', '/templates']) {
      const page = await get(urlPath);
      expect(page.status, urlPath).toBe(200);
      expect(page.type, urlPath).toMatch(/^text\/html/);
      expect(page.body, urlPath).toBe(consoleHtml);
    }
    // Alone (without the site router), a path that is no console route and no file is a plain 404.
    for (const urlPath of ['/', '/some/unknown', '/runner', '/checklists']) {
      expect((await get(urlPath)).status, urlPath).toBe(404);
    }
  });

  it('answers /r/{token} and /run/{token} with the runner, whose assets live under /r/assets/', async () => {
    for (const urlPath of ['/r/abc', '/run/abc', '/r/abc/', '/run']) {
      const page = await get(urlPath);
      expect(page.status, urlPath).toBe(200);
      expect(page.type, urlPath).toMatch(/^text\/html/);
      expect(page.body, urlPath).toBe(runnerHtml);
    }
    expect(runnerHtml).not.toBe(consoleHtml);

    const script = /<script[^>]+src="(\/r\/assets\/[^"]+\.js)"/.exec(runnerHtml)?.[1];
    expect(script).toBeDefined();
    const asset = await get(script!);
    expect(asset.status).toBe(200);
    expect(asset.type).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.body).toContain('Invalid Magic Link');
  });

  it("serves the runner's service worker at /sw.js, and at /r/sw.js for earlier installs", async () => {
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.type).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    // At the root it may control /r/, /run/ and /c/ without widening its scope.
    expect(sw.headers.get('service-worker-allowed')).toBeNull();
    // Its precache names the files by absolute URL, so it works from the root.
    expect(sw.body).toContain('/r/index.html');
    expect(sw.body).toContain('turnproof-offline-sync');

    const legacy = await get('/r/sw.js');
    expect(legacy.status).toBe(200);
    expect(legacy.body).toBe(sw.body);
    expect(legacy.headers.get('service-worker-allowed')).toBe('/');
    expect(legacy.headers.get('cache-control')).toBe('no-cache');
  });

  it("serves the console's own assets from /assets/", async () => {
    // The bundler's runtime first, then the console's start (main.tsx and the first render).
    const scripts = [...consoleHtml.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const assets = await Promise.all(scripts.map((script) => get(script)));
    for (const asset of assets) {
      expect(asset.status).toBe(200);
      expect(asset.type).toMatch(/javascript/);
    }
    expect(assets.some((asset) => asset.body.includes('index.html has no #root element'))).toBe(true);
  });

  it('answers a missing asset with 404 rather than an HTML page, and leaves /api/* alone', async () => {
    for (const urlPath of ['/assets/missing.js', '/r/assets/missing.js', '/api/unknown', '/api']) {
      expect((await get(urlPath)).status, urlPath).toBe(404);
    }
  });
});
