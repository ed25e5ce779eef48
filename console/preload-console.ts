import type { Plugin, Rollup } from 'vite';

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
 * console paths, so a phone fetches them in parallel with main.tsx rather than after it.
 */
export function preloadConsole(): Plugin {
  return {
    name: 'turnproof-preload-console',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const hrefs = chunksOf(ctx.bundle, '/src/App.tsx').map((fileName) => `/${fileName}`);
        const script =
          `if (location.pathname.replace(/\\/+$/, '') !== '') for (const href of ${JSON.stringify(hrefs)}) {` +
          ` const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href;` +
          ` document.head.append(link); }`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
