import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

const here = import.meta.dirname;

/** The site's stylesheet, small enough to inline in every page (no render-blocking request). */
export const siteStyles = readFileSync(path.join(here, 'styles.css'), 'utf8').replace(/\s*\n\s*/g, '');

function bundleIsland() {
  const built = buildSync({
    entryPoints: [path.join(here, 'client/island.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
  });
  const body = built.outputFiles[0]!.text;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { path: `/site/island.${hash}.js`, body };
}

/**
 * The one script of the public pages (carousel, library filter and download, contact form), bundled
 * once when the server starts; its URL carries a content hash, so browsers may cache it forever.
 */
export const islandScript = bundleIsland();
