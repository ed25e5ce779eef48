import path from 'node:path';
import type { Plugin } from 'vite';

const CONSOLE = 'src/App.tsx';

/**
 * Puts everything the console's first render needs into one chunk, with main.tsx. Left to itself, Rolldown
 * splits it into some sixty files (by which lazy screens share each module), and a phone's HTTP/1.1 (six
 * connections, 150 ms per request) fetched them a few at a time: the last came about 1.3 s after the bytes
 * could have. App.tsx becomes a build entry of its own, so that its static imports carry Rolldown's
 * `$initial` tag; the group takes those and what they import (index.html loads the console on every page it
 * serves: the public pages are the API's). The lazily loaded screens keep their own chunks.
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
            input: { index: path.join(root, 'index.html'), console: path.join(root, CONSOLE) },
            output: { codeSplitting: { groups: [{ name: 'console-start', tags: ['$initial'] }] } },
          },
        },
      };
    },
  };
}
