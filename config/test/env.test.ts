import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, taskQueueFor } from '../src/index.ts';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/turnproof' };

describe('configuration', () => {
  it('refuses to start in production on the development SECRET_KEY, a published placeholder or a short key', () => {
    expect(() => loadConfig(production)).toThrow(/SECRET_KEY is the public development key/);
    expect(() => loadConfig({ ...production, SECRET_KEY: 'change-me-to-a-long-random-value' })).toThrow(
      /SECRET_KEY is the public development key/,
    );
    expect(() => loadConfig({ ...production, SECRET_KEY: 'short-but-secret' })).toThrow(
      'Invalid configuration: SECRET_KEY is shorter than 32 bytes',
    );
    const key = 'k'.repeat(32);
    expect(loadConfig({ ...production, SECRET_KEY: key }).SECRET_KEY).toBe(key);
  });

  it('keeps the development key outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).SECRET_KEY).toBe('dev-only-secret-key-change-me-in-production');
  });

  it('the API process exits with the sentence naming SECRET_KEY when NODE_ENV=production has the development key', async () => {
    const started = promisify(execFile)('npx', ['tsx', 'api/src/main.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: '/nonexistent-turnproof' },
      timeout: 60_000,
    });
    const failure = await started.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).not.toBe(0);
    expect(failure?.stderr).toContain('SECRET_KEY is the public development key');
  });

  it('gives each database its own task queue unless one is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/turnproof' }).TEMPORAL_TASK_QUEUE).toBe(
      'turnproof-turnproof',
    );
    expect(taskQueueFor('postgres://u:p@db.internal:5432/turnproof_wt_a?sslmode=disable')).toBe(
      'turnproof-turnproof_wt_a',
    );
    expect(loadConfig({ TEMPORAL_TASK_QUEUE: 'shared' }).TEMPORAL_TASK_QUEUE).toBe('shared');
  });
});
