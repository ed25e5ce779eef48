import type { MikroORM } from '@mikro-orm/postgresql';
import { Browser } from '../../api/test/support/browser.ts';

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
