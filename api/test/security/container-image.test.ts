import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const lines = async (file: string) =>
  (await readFile(path.join(repoRoot, file), 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

describe('the container image', () => {
  it('never bakes a local .env (secrets) into the image', async () => {
    const ignored = await lines('.dockerignore');
    expect(ignored).toContain('.env');
    expect(ignored).toContain('.env.*');
    // The example holds no secret and documents the settings.
    expect(ignored).toContain('!.env.example');
  });

  it('runs the API and the worker as the node user, so Chromium prints in its sandbox (L9)', async () => {
    const dockerfile = await lines('Dockerfile');
    const commands = dockerfile.flatMap((line, at) => (/^(CMD|ENTRYPOINT)\s/i.test(line) ? [at] : []));
    // Both images (app: the API; worker, built on app: Chromium) end with a command.
    expect(commands).toHaveLength(2);
    for (const at of commands) {
      // The worker stage starts from app, so the user in force is the last one set above, in any stage.
      const user = dockerfile.slice(0, at).findLast((line) => /^USER\s/i.test(line));
      expect(user, dockerfile[at]).toBe('USER node');
    }
  });
});
