import type { EntityManager } from '@mikro-orm/postgresql';

const DEFAULT_ROLE = 'Property Manager';

/**
 * Makes `profiles.role = 'admin'` hold exactly for confirmed addresses listed in ADMIN_EMAILS or granted
 * with `npm run admin -- grant` (profiles.admin_granted_at): an unconfirmed sign-up with an admin address
 * is not admin (anyone can type an address), and an address taken off the list, or revoked, loses the role.
 * With a user id, only that user (after a confirmation or a grant); without, every user (at start-up, when
 * the list may have changed).
 */
export async function reconcileAdminRoles(em: EntityManager, adminEmails: string[], userId?: string): Promise<void> {
  const listed = JSON.stringify(adminEmails);
  const shouldBeAdmin = `(u.email_confirmed_at is not null and (p.admin_granted_at is not null or u.email in (select jsonb_array_elements_text(?::jsonb))))`;
  await em.getConnection().execute(
    `update profiles p
     set role = case when ${shouldBeAdmin} then 'admin' else ? end,
         updated_at = now()
     from users u
     where u.id = p.user_id
       and (p.role = 'admin' or p.admin_granted_at is not null or u.email in (select jsonb_array_elements_text(?::jsonb)))
       and (?::uuid is null or u.id = ?::uuid)
       and p.role is distinct from (case when ${shouldBeAdmin} then 'admin' else ? end)`,
    [listed, DEFAULT_ROLE, listed, userId ?? null, userId ?? null, listed, DEFAULT_ROLE],
  );
}

export type AdminCommandResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * `grant <email>` / `revoke <email>`: records or clears the CLI grant, then reconciles that user's role. An
 * address still in ADMIN_EMAILS stays admin after a revoke (the answer says so); an unconfirmed one becomes
 * admin when it is confirmed.
 */
export async function adminCommand(
  em: EntityManager,
  adminEmails: string[],
  command: string | undefined,
  email: string | undefined,
): Promise<AdminCommandResult> {
  if (command !== 'grant' && command !== 'revoke') {
    return { ok: false, error: 'Usage: npm run admin -- grant <email> | revoke <email>' };
  }
  const address = email?.trim().toLowerCase();
  if (!address) return { ok: false, error: `Usage: npm run admin -- ${command} <email>` };
  const rows = await em.getConnection().execute<{ user_id: string; confirmed: boolean }[]>(
    `update profiles p set admin_granted_at = ${command === 'grant' ? 'coalesce(p.admin_granted_at, now())' : 'null'}
     from users u where u.id = p.user_id and lower(u.email) = ?
     returning p.user_id, u.email_confirmed_at is not null as confirmed`,
    [address],
  );
  const row = rows[0];
  if (!row) return { ok: false, error: `No account with the e-mail ${address}.` };
  await reconcileAdminRoles(em, adminEmails, row.user_id);
  if (command === 'grant') {
    return {
      ok: true,
      message: row.confirmed
        ? `${address} is now an admin.`
        : `${address} will be an admin once the address is confirmed.`,
    };
  }
  return {
    ok: true,
    message: adminEmails.includes(address)
      ? `${address} has no CLI grant now, but stays admin while ADMIN_EMAILS lists it.`
      : `${address} is no longer an admin.`,
  };
}
