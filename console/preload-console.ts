import type { Plugin, Rollup } from 'vite';
import { MOBILE_QUERY } from './src/layout/mobile-query.ts';
import { PLAIN_PAGES } from './src/plain-pages.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The chunk of `entrySuffix` and every chunk it imports statically, transitively. */
function chunksOf(bundle: OutputBundle, entrySuffix: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entrySuffix));
  if (!entry) return [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
  };
  visit(entry.fileName);
  return [...seen];
}

/**
 * main.tsx loads the console (react-admin, MUI) only off the public pages, with a dynamic import that
 * starts once main.tsx has run. An inline script in index.html starts those downloads at once for
 * console paths, so a phone fetches them in parallel with main.tsx rather than after it. A phone's dashboard,
 * /auth or /password-reset (whose console starts later, src/start-when-wanted.ts) only prefetches them into the
 * HTTP cache: a modulepreload compiles each file on the main thread as it arrives, a long task while the host
 * reads and taps the server's page. And only from its load event on: earlier, the console's few hundred KB
 * share a phone's link with the page's own HTML, styles and script, whose arrival they delay.
 */
export function preloadConsole(): Plugin {
  return {
    name: 'turnproof-preload-console',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle } = ctx;
        if (!bundle) return html;
        // The console's start and the console it imports (console-start-chunk.ts makes both entries).
        const chunks = new Set(['/src/console-main.tsx', '/src/App.tsx'].flatMap((entry) => chunksOf(bundle, entry)));
        // Not the page's own entry, which its module script already fetches.
        const hrefs = [...chunks]
          .filter((fileName) => fileName !== ctx.chunk?.fileName)
          .map((fileName) => `/${fileName}`);
        // A phone's links are added one per task: appending each costs a slowed phone 10-20 ms, and the five in
        // the load event's task made a long task of their own.
        const script =
          `{ const path = location.pathname.replace(/\\/+$/, '');` +
          ` const later = ${JSON.stringify(Object.keys(PLAIN_PAGES))}.includes(path) && matchMedia(${JSON.stringify(MOBILE_QUERY)}).matches;` +
          ` const hrefs = ${JSON.stringify(hrefs)};` +
          ` const add = (href) => { const link = document.createElement('link'); link.rel = later ? 'prefetch' : 'modulepreload';` +
          ` link.href = href; link.crossOrigin = 'anonymous'; document.head.append(link); };` +
          ` if (path !== '') { if (later) addEventListener('load', () => { for (const href of hrefs) setTimeout(() => add(href)); }, { once: true });` +
          ` else hrefs.forEach(add); } }`;
        // After the viewport's meta tag: before it, a phone lays the page out 980 px wide, so the phone query
        // does not match yet and every phone would take the modulepreloads.
        const viewport = /<meta name="viewport"[^>]*>/.exec(html);
        if (!viewport) throw new Error('index.html has no <meta name="viewport">: the console preload needs it first');
        const at = viewport.index + viewport[0].length;
        return `${html.slice(0, at)}\n    <script>${script}</script>${html.slice(at)}`;
      },
    },
  };
}
