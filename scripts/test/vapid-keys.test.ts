import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@turnproof/config';
import { createPushSender } from '@turnproof/platform/web-push-sender';
import { parse } from 'dotenv';
import { expect, it } from 'vitest';
import { ensureVapidKeys } from '../lib/vapid-keys.ts';

it('writes a VAPID pair into .env once, beside what was there, and the server turns push on with it', async () => {
  const envFile = path.join(await mkdtemp(path.join(tmpdir(), 'vapid-')), '.env');
  await writeFile(envFile, 'PORT=4000');
  expect(ensureVapidKeys(envFile, {})).toBe('written');
  const written = await readFile(envFile, 'utf8');
  expect(ensureVapidKeys(envFile, {})).toBe('present');
  expect(await readFile(envFile, 'utf8')).toBe(written);

  const saved = parse(written);
  expect(saved.PORT).toBe('4000');
  const push = createPushSender(loadConfig({ ...saved }));
  expect(push?.publicKey).toBe(saved.VAPID_PUBLIC_KEY);
});

it('leaves .env alone when the environment has the keys', async () => {
  const envFile = path.join(await mkdtemp(path.join(tmpdir(), 'vapid-')), '.env');
  expect(ensureVapidKeys(envFile, { VAPID_PUBLIC_KEY: 'public', VAPID_PRIVATE_KEY: 'private' })).toBe('present');
  await expect(readFile(envFile)).rejects.toThrow(/ENOENT/);
});
