import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parse } from 'dotenv';
import webpush from 'web-push';

/**
 * Browser notifications need a VAPID key pair that stays the same (browsers' subscriptions are bound to
 * it): when neither the environment nor `.env` has one, a new pair is written into `.env`, once, before
 * loadConfig reads it.
 */
export function ensureVapidKeys(envFile = '.env', env: NodeJS.ProcessEnv = process.env): 'present' | 'written' {
  const saved = existsSync(envFile) ? parse(readFileSync(envFile)) : {};
  const has = (name: string) => Boolean(env[name]?.trim() || saved[name]?.trim());
  if (has('VAPID_PUBLIC_KEY') && has('VAPID_PRIVATE_KEY')) return 'present';
  const keys = webpush.generateVAPIDKeys();
  const ending = existsSync(envFile) && !readFileSync(envFile, 'utf8').endsWith('\n') ? '\n' : '';
  appendFileSync(
    envFile,
    `${ending}# Browser notifications (Web Push): written by npm start; keep them, subscriptions depend on them.\n` +
      `VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`,
  );
  return 'written';
}
