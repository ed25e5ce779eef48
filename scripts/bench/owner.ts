import type { MikroORM } from '@mikro-orm/postgresql';
import { type Answer, Browser } from '../../api/test/support/browser.ts';

/** The answer, when its status is 2xx; a benchmark must not time refusals as if they were work. */
export function expectOk<T>(answer: Answer<T>, what: string): Answer<T> {
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

/** A signed-in owner; the address is confirmed in SQL, since the bench APIs mail to an outbox nobody reads. */
export async function confirmedOwner(baseUrl: string, orm: MikroORM, label = 'bench'): Promise<Browser> {
  const owner = new Browser(baseUrl);
  const email = `${label}-${Date.now()}@example.test`;
  const password = 'benchmark passphrase';
  expectOk(await owner.post('/api/auth/signup', { email, password, full_name: 'Bench' }), 'sign-up');
  await orm.em.getConnection().execute(`update users set email_confirmed_at = now() where email = ?`, [email]);
  expectOk(await owner.post('/api/auth/login', { email, password }), 'login');
  return owner;
}
