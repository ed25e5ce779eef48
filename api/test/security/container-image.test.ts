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

  it('runs the app as a user other than root', async () => {
    const dockerfile = await lines('Dockerfile');
    const users = dockerfile.filter((line) => /^USER\s/i.test(line));
    const cmdAt = dockerfile.findIndex((line) => /^(CMD|ENTRYPOINT)\s/i.test(line));
    const lastUserAt = dockerfile.findLastIndex((line) => /^USER\s/i.test(line));
    expect(users.length).toBeGreaterThan(0);
    expect(lastUserAt).toBeLessThan(cmdAt);
    expect(dockerfile[lastUserAt]).not.toMatch(/^USER\s+(root|0)(:|$)/i);
  });
});
