import type { EntityManager } from '@mikro-orm/postgresql';
import { newMagicLink } from './magic-link.ts';

/** Runs whose link may still be used: the ones a person can still open and change. */
export const OPEN_RUN_STATUSES = ['pending', 'in_progress', 'revision_requested'] as const;

/**
 * New magic links for runs that changed hands: the old link stops opening the run at once and is kept
 * (its digest only) as retired, so it answers 410 with a sentence. Answers each run's new link.
 */
export async function rotateRunLinks(
  em: EntityManager,
  runIds: string[],
  { publicOrigin, secretKey }: { publicOrigin: string; secretKey: string },
): Promise<Map<string, string>> {
  if (runIds.length === 0) return new Map();
  const fresh = runIds.map((id) => ({ id, ...newMagicLink(publicOrigin, secretKey) }));
  await em.execute(
    `with fresh as (select * from jsonb_to_recordset(?::jsonb) as x(id uuid, token_hash text, link_encrypted text)),
       retired as (insert into retired_run_links (token_hash, run_id)
                   select r.token_hash, r.id from runs r join fresh f on f.id = r.id on conflict do nothing)
     update runs r set token_hash = f.token_hash, link_encrypted = f.link_encrypted, updated_at = now()
     from fresh f where r.id = f.id`,
    [
      JSON.stringify(
        fresh.map(({ id, tokenHash, linkEncrypted }) => ({ id, token_hash: tokenHash, link_encrypted: linkEncrypted })),
      ),
    ],
    'run',
  );
  return new Map(fresh.map(({ id, link }) => [id, link]));
}
