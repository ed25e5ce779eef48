import type { EntityManager } from '@mikro-orm/postgresql';

const DEFAULT_ROLE = 'Property Manager';

/**
 * Makes `profiles.role = 'admin'` hold exactly for confirmed addresses listed in ADMIN_EMAILS: an
 * unconfirmed sign-up with an admin address is not admin (anyone can type an address), and an address
 * taken off the list loses the role. With a user id, only that user (after a confirmation); without, every
 * user (at start-up, when the list may have changed).
 */
export async function reconcileAdminRoles(em: EntityManager, adminEmails: string[], userId?: string): Promise<void> {
  const listed = JSON.stringify(adminEmails);
  await em.getConnection().execute(
    `update profiles p
     set role = case when u.email_confirmed_at is not null and u.email in (select jsonb_array_elements_text(?::jsonb)) then 'admin' else ? end,
         updated_at = now()
     from users u
     where u.id = p.user_id
       and (p.role = 'admin' or u.email in (select jsonb_array_elements_text(?::jsonb)))
       and (?::uuid is null or u.id = ?::uuid)
       and p.role is distinct from
           (case when u.email_confirmed_at is not null and u.email in (select jsonb_array_elements_text(?::jsonb)) then 'admin' else ? end)`,
    [listed, DEFAULT_ROLE, listed, userId ?? null, userId ?? null, listed, DEFAULT_ROLE],
  );
}
