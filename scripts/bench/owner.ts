import type { MikroORM } from '@mikro-orm/postgresql';
import { encryptLink } from '../../api/src/runs/magic-link.ts';
import { Browser } from '../../api/test/support/browser.ts';
import type { BenchApi } from './bench-api.ts';
import { seedLargeAccount } from './scale-seed.ts';

import { expectOk } from '../../api/test/support/seed-checklist.ts';

/** The answer, when its status is 2xx; a benchmark must not time refusals as if they were work. */
export { expectOk };

/**
 * A signed-in owner on the team plan (no property limit); the address is confirmed and the plan set in
 * SQL, since the bench APIs mail to an outbox nobody reads and talk to no Stripe.
 */
export async function confirmedOwner(baseUrl: string, orm: MikroORM, label = 'bench'): Promise<Browser> {
  const owner = new Browser(baseUrl);
  const email = `${label}-${Date.now()}@example.test`;
  const password = 'benchmark passphrase';
  expectOk(await owner.post('/api/auth/signup', { email, password, full_name: 'Bench' }), 'sign-up');
  await orm.em.getConnection().execute(`update users set email_confirmed_at = now() where email = ?`, [email]);
  const login = expectOk(await owner.post<{ user: { id: string } }>('/api/auth/login', { email, password }), 'login');
  await orm.em.getConnection().execute(
    `insert into billing_accounts (user_id, plan_key, plan_status, created_at, updated_at) values (?, 'team', 'active', now(), now())
       on conflict (user_id) do update set plan_key = 'team', plan_status = 'active'`,
    [login.body.user.id],
  );
  return owner;
}

/**
 * A confirmed owner of the scale bench's large account (scale-seed.ts), seeded through `api`'s database
 * and analysed, with the time it took printed.
 */
export async function largeAccountOwner(api: BenchApi, label: string) {
  const owner = await confirmedOwner(api.baseUrl, api.orm, label);
  const ownerId = (await owner.get<{ user: { id: string } }>('/api/auth/session')).body.user.id;
  const seeding = performance.now();
  await seedLargeAccount(
    api.orm,
    ownerId,
    api.config.mediaDir,
    encryptLink(api.config.SECRET_KEY, `${api.baseUrl}/r/${label}-account`),
  );
  await api.orm.em.getConnection().execute('analyze');
  console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  return { owner, ownerId };
}
