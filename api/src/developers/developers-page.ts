import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import Router from '@koa/router';
import type { AppState } from '../http/context.ts';
import { sendCompressedHtml } from '../http/send-html.ts';

/** Scalar's browser bundle (the whole reference page in one script, its styles included), from node_modules. */
const SCALAR_BUNDLE = fileURLToPath(new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference')));

const gzipped = promisify(gzip);

interface Bundle {
  /** Its URL carries its digest, so a browser keeps it for a year and a new version is a new URL. */
  path: string;
  plain: Buffer;
  gzip: Buffer;
}

/**
 * Scalar's settings: its own fonts would come from fonts.scalar.com, its telemetry, its AI agent and its
 * developer toolbar (SDKs, deploying) go to scalar.com; the page loads from our origin only (and its CSP
 * would refuse them anyway).
 */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The page: Scalar reads the document's URL and its settings from a data block, so no inline script runs. */
const referencePage = (bundlePath: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Turnproof API reference</title>
    <link rel="icon" type="image/png" sizes="64x64" href="/favicon.png" />
    <meta name="description" content="The reference of Turnproof's public API (/api/v1), from its OpenAPI document." />
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
    <script src="${bundlePath}"></script>
  </body>
</html>
`;

/**
 * GET /developers: the API reference, rendered in the browser by Scalar from /api/openapi.json; the
 * bundle is served from our origin (no CDN), read and compressed once, on first use.
 */
export function developersPage() {
  const router = new Router<AppState>();
  let bundle: Promise<Bundle> | undefined;
  const loadBundle = async (): Promise<Bundle> => {
    const plain = await readFile(SCALAR_BUNDLE);
    const digest = createHash('sha256').update(plain).digest('hex').slice(0, 16);
    return { path: `/developers/scalar-${digest}.js`, plain, gzip: await gzipped(plain) };
  };

  router.get('/developers', async (ctx) => {
    bundle ??= loadBundle();
    await sendCompressedHtml(ctx, referencePage((await bundle).path));
  });

  router.get('/developers/:file', async (ctx, next) => {
    bundle ??= loadBundle();
    const { path, plain, gzip: compressed } = await bundle;
    if (ctx.path !== path) return next();
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.vary('Accept-Encoding');
    ctx.type = 'application/javascript';
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = compressed;
    } else {
      ctx.body = plain;
    }
  });

  return router;
}
