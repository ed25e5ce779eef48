import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Both front ends run on React 19 (react-dom), not on Preact through build aliases: read from what
 * ships, the files the build manifest (dist/.vite/manifest.json) lists, and from the package files.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const FRONT_ENDS = ['console', 'runner-web'] as const;
const manifestOf = (workspace: string) => path.join(repoRoot, workspace, 'dist/.vite/manifest.json');

interface ManifestChunk {
  file: string;
  css?: string[];
}

beforeAll(() => {
  for (const workspace of FRONT_ENDS) {
    if (existsSync(manifestOf(workspace))) continue;
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const env = { ...process.env, NODE_ENV: 'production' };
    execSync(`npm run build --workspace ${workspace}`, { cwd: repoRoot, env, stdio: 'inherit' });
  }
}, 180_000);

/** The JavaScript of a front end's production build, every chunk its manifest lists. */
function shippedJavaScript(workspace: string): string {
  const manifest = JSON.parse(readFileSync(manifestOf(workspace), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set(Object.values(manifest).map((chunk) => chunk.file));
  expect(files.size).toBeGreaterThan(0);
  return [...files].map((file) => readFileSync(path.join(repoRoot, workspace, 'dist', file), 'utf8')).join('\n');
}

describe.each(FRONT_ENDS)('the %s production bundle', (workspace) => {
  it('contains react-dom 19 and no Preact', () => {
    const code = shippedJavaScript(workspace);
    // react-dom registers itself with DevTools by its package name and version.
    expect(code).toMatch(/version:["'`]19\.\d+\.\d+["'`],rendererPackageName:["'`]react-dom["'`]/);
    expect(code).not.toMatch(/preact/i);
  });

  it('declares react and react-dom 19 and no preact', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(pkg.dependencies.react).toMatch(/^\^?19\./);
    expect(pkg.dependencies['react-dom']).toMatch(/^\^?19\./);
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty('preact');
  });
});
