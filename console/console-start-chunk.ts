import path from 'node:path';
import type { Plugin } from 'vite';

/** The console's start (console-main.tsx) and the console itself (App.tsx, which the start imports). */
const CONSOLE_ENTRIES = { console: 'src/console-main.tsx', app: 'src/App.tsx' };

/** console/src's files that main.tsx imports, with main.tsx itself. */
const PAGE_START_SOURCES = [
  'main.tsx',
  'start-when-wanted.ts',
  'plain-pages.ts',
  'report-vitals-once.ts',
  'layout/mobile-query.ts',
  'auth/clear-stored-data.ts',
  'auth/remember-visitor-choices.ts',
  'auth/visitor-choice.ts',
  'plans/chosen-plan.ts',
  'runs/chosen-template.ts',
].map((file) => `/console/src/${file}`);
/** They, their helpers from config/src and Vite's for dynamic imports. */
const PAGE_START_MODULES = [
  ...PAGE_START_SOURCES,
  '/console/index.html',
  '/config/src/page-marks.ts',
  '/config/src/install-offer.ts',
  'vite/modulepreload-polyfill.js',
  'vite/preload-helper.js',
];

/**
 * index.html's script (the build's module for the page, which imports main.tsx), main.tsx and what it imports:
 * what decides when the console starts. Their own small chunk, which the console's chunk may import from, never
 * the other way round.
 */
function isPageStartModule(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  return PAGE_START_MODULES.some((end) => file.endsWith(end));
}

/**
 * Puts everything the console's first render needs into one chunk, apart from main.tsx's own (which starts it,
 * at once or later). Left to itself, Rolldown splits it into some sixty files (by which lazy screens share
 * each module), and a phone's HTTP/1.1 (six connections, 150 ms per request) fetched them a few at a time: the
 * last came about 1.3 s after the bytes could have. console-main.tsx and App.tsx become build entries of their
 * own, so that their static imports carry Rolldown's `$initial` tag; the group takes those and what they import
 * (index.html loads the console on every page it serves: the public pages are the API's). The lazily loaded
 * screens keep their own chunks.
 */
export function consoleStartChunk(): Plugin {
  return {
    name: 'turnproof-console-start-chunk',
    apply: 'build',
    config: (config) => {
      const root = path.resolve(config.root ?? '.');
      return {
        build: {
          rolldownOptions: {
            input: {
              index: path.join(root, 'index.html'),
              ...Object.fromEntries(
                Object.entries(CONSOLE_ENTRIES).map(([name, file]) => [name, path.join(root, file)]),
              ),
            },
            output: {
              codeSplitting: {
                groups: [
                  { name: 'page-start', test: isPageStartModule, priority: 1 },
                  { name: 'console-start', tags: ['$initial'] },
                ],
              },
            },
          },
        },
      };
    },
  };
}
