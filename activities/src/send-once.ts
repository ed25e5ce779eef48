import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mailer, MailMessage } from '@turnproof/platform/mailer';

/**
 * Sends a message at most once per key (such as `trial/<user>/expiring`): the key is claimed first and
 * released again when sending fails, so the activity's retry sends it then. False when already sent.
 */
export async function sendOnce(orm: MikroORM, mailer: Mailer, key: string, message: MailMessage): Promise<boolean> {
  const connection = orm.em.getConnection();
  const claimed = await connection.execute<{ key: string }[]>(
    `insert into sent_notices (key, created_at) values (?, now()) on conflict (key) do nothing returning key`,
    [key],
  );
  if (claimed.length === 0) return false;
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    await connection.execute(`delete from sent_notices where key = ?`, [key]);
    throw error;
  }
}
