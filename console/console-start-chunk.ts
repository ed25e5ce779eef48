import path from 'node:path';
import type { Plugin } from 'vite';

const ENTRY = 'src/main.tsx';
const CONSOLE = 'src/App.tsx';

/**
 * Puts everything the console's first render needs into one chunk. Left to itself, Rolldown splits it into
 * some thirty files, and a phone's HTTP/1.1 (six connections, 150 ms per request) fetches them a few at a
 * time, so the last one came long after the bytes could have. App.tsx becomes a build entry of its own, so
 * that its static imports carry Rolldown's `$initial` tag; the group takes those, except what main.tsx
 * needs itself (the landing page loads main.tsx without the console).
 */
export function consoleStartChunk(): Plugin {
  const landingModules = new Set<string>();
  let root = '';
  return {
    name: 'turnproof-console-start-chunk',
    apply: 'build',
    config: (config) => {
      root = path.resolve(config.root ?? '.');
      return {
        build: {
          rolldownOptions: {
            input: { index: path.join(root, 'index.html'), console: path.join(root, CONSOLE) },
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'console-start',
                    tags: ['$initial'],
                    test: (id: string) => !landingModules.has(id),
                    // main.tsx's modules stay in their chunk rather than follow the console's.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      const visit = (id: string) => {
        if (landingModules.has(id)) return;
        landingModules.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(visit);
      };
      visit(path.join(root, ENTRY));
    },
  };
}
