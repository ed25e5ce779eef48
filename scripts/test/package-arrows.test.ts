import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../spec-texts/check.ts';

// The package arrows of docs/architecture.md (Folders): api and activities both build on platform; api never
// reaches into activities, and platform reaches into none of the packages above it.

/** Every .ts/.tsx file under a folder of the repository, skipping installed packages. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The workspace a module specifier of `file` lands in: the package's folder for `@turnproof/x`, or the
 * repository's top folder a relative path resolves into; undefined for any other package. */
function workspaceOf(file: string, specifier: string): string | undefined {
  const scoped = /^@turnproof\/([^/]+)/.exec(specifier);
  if (scoped) return scoped[1];
  if (!specifier.startsWith('.')) return undefined;
  return path.relative(REPO_ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep)[0];
}

/** `file: specifier` for each import, export-from or dynamic import of `folder`'s files into a forbidden workspace. */
function importsInto(folder: string, isForbidden: (workspace: string) => boolean): string[] {
  return sourceFiles(folder).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => {
        const workspace = workspaceOf(file, fileName);
        return workspace !== undefined && isForbidden(workspace);
      })
      .map(({ fileName }) => `${path.relative(REPO_ROOT, file)}: ${fileName}`),
  );
}

describe('package arrows', () => {
  it('api/src imports nothing from activities (shared modules come from @turnproof/platform)', () => {
    expect(importsInto('api/src', (workspace) => workspace === 'activities')).toEqual([]);
  });

  it('platform imports only config and db of our packages', () => {
    expect(importsInto('platform', (workspace) => !['platform', 'config', 'db'].includes(workspace))).toEqual([]);
  });
});
