import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Run } from '@turnproof/db';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { codedError } from '../http/errors.ts';
import { parseInput } from '../http/validation.ts';
import type { CreateRunInput } from '../runs/run-input.ts';
import { createRun, findOwnedRun } from '../runs/run-service.ts';

/** How long a key's Idempotency-Key answers its first run. */
const WINDOW = `interval '24 hours'`;

export const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255, 'Idempotency-Key must be at most 255 characters.')
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces.')
    .optional()
    .meta({
      description:
        'Any unique string (a UUID); a retry with the same key and body within 24 hours answers the first run',
      example: '5d1f4a2e-8c3b-4e6f-9a7d-2b1c0e9f8a6d',
    }),
});

const reusedMessage =
  'This Idempotency-Key was used in the last 24 hours with another body; use a new key for a new run.';

/** The key is held by a request that committed first (a concurrent retry): its run is the answer. */
class KeyTaken extends Error {}

interface Claim {
  keyId: string;
  idempotencyKey: string;
  bodySha256: string;
}

/** The run an earlier request made with this key and body, null for none; 409 for the key with another body. */
async function earlierRun(em: EntityManager, ownerId: string, claim: Claim): Promise<Run | null> {
  const [row] = await em.execute<{ body_sha256: string; run_id: string }[]>(
    `select body_sha256, run_id from api_idempotency
      where api_key_id = ? and idempotency_key = ? and created_at > now() - ${WINDOW}`,
    [claim.keyId, claim.idempotencyKey],
  );
  if (!row) return null;
  if (row.body_sha256 !== claim.bodySha256) throw codedError(409, 'idempotency_key_reused', reusedMessage);
  return findOwnedRun(em, ownerId, row.run_id);
}

/** Claims the key in the run's transaction; a claim older than the window is taken over. */
async function claimKey(tx: EntityManager, claim: Claim, runId: string): Promise<void> {
  const claimed = await tx.execute<{ run_id: string }[]>(
    `insert into api_idempotency (api_key_id, idempotency_key, body_sha256, run_id, created_at)
     values (?, ?, ?, ?, now())
     on conflict (api_key_id, idempotency_key) do update
       set body_sha256 = excluded.body_sha256, run_id = excluded.run_id, created_at = excluded.created_at
       where api_idempotency.created_at <= now() - ${WINDOW}
     returning run_id`,
    [claim.keyId, claim.idempotencyKey, claim.bodySha256, runId],
    'all',
  );
  if (claimed.length === 0) throw new KeyTaken();
}

/**
 * Creates a run as the console does (createRun: owner scoping, validation, the run's workflow), once per
 * Idempotency-Key and body: the key is claimed in the run's own transaction, so two concurrent requests
 * with one key make one run, and the second answers the first's.
 */
export async function createRunOnce(
  deps: AppDeps,
  em: EntityManager,
  caller: { keyId: string; ownerId: string },
  headers: Record<string, string | string[] | undefined>,
  input: CreateRunInput,
): Promise<{ run: Run; replayed: boolean }> {
  const idempotencyKey = parseInput(idempotencyHeader, { 'idempotency-key': headers['idempotency-key'] })[
    'idempotency-key'
  ];
  if (!idempotencyKey) return { run: await createRun(deps, em, caller.ownerId, input), replayed: false };
  // The validated input, in the schema's key order: the same request however its JSON was spelled.
  const bodySha256 = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const claim = { keyId: caller.keyId, idempotencyKey, bodySha256 };
  const earlier = await earlierRun(em, caller.ownerId, claim);
  if (earlier) return { run: earlier, replayed: true };
  try {
    const run = await createRun(deps, em, caller.ownerId, input, {
      within: (tx, made) => claimKey(tx, claim, made.id),
    });
    return { run, replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const run = await earlierRun(em.fork(), caller.ownerId, claim);
    if (!run) throw error;
    return { run, replayed: true };
  }
}
