import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type ChainedEntry,
  chainEntries,
  type ChainHead,
  GENESIS_HASH,
  type NewCaptureEntry,
} from './capture-chain.ts';

/**
 * Locks the chain heads of the given runs (creating them on a run's first entry) and answers them. The
 * upsert takes the row lock, so concurrent appends to one run queue behind each other until commit.
 * `runs` is a JSON array of run ids; heads are locked in run id order, so two batches never deadlock on them.
 */
export const lockHeadsSql = (runs: string) => `
  insert into capture_heads (run_id, seq, hash)
  select distinct value::uuid, 0, '${GENESIS_HASH}' from jsonb_array_elements_text(${runs}::jsonb) order by 1
  on conflict (run_id) do update set seq = capture_heads.seq
  returning run_id, seq, hash`;

/** Stores chained entries (a JSON array of ChainedEntry) and moves each run's head to its newest one. */
export const storeEntriesSql = (entries: string) => `
  with rows as (
    select * from jsonb_to_recordset(${entries}::jsonb) as r(
      run_id uuid, seq int, kind text, payload jsonb, payload_sha256 text, device_time timestamptz,
      device_latitude float8, device_longitude float8, device_accuracy float8, received_at timestamptz,
      prev_hash text, hash text, device_key_id uuid, signature text)
  ), stored as (
    insert into capture_entries (run_id, seq, kind, payload, payload_sha256, device_time, device_latitude,
      device_longitude, device_accuracy, received_at, prev_hash, hash, device_key_id, signature)
    select run_id, seq, kind, payload, payload_sha256, device_time, device_latitude, device_longitude,
      device_accuracy, received_at, prev_hash, hash, device_key_id, signature from rows
  )
  update capture_heads h set seq = newest.seq, hash = newest.hash
  from (select distinct on (run_id) run_id, seq, hash from rows order by run_id, seq desc) newest
  where h.run_id = newest.run_id`;

/** Heads by run id, from rows of lockHeadsSql. */
export function headsByRun(rows: { run_id: string; seq: number; hash: string }[]): Map<string, ChainHead> {
  return new Map(rows.map((row) => [row.run_id, { seq: Number(row.seq), hash: row.hash }]));
}

/**
 * Appends entries to a run's capture log inside the caller's transaction, so the log and the change
 * it records commit together or not at all.
 */
export async function appendCaptureEntries(
  tx: EntityManager,
  runId: string,
  entries: NewCaptureEntry[],
): Promise<ChainHead> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  if (!context) throw new Error('Capture-log entries are appended inside the transaction of the change');
  const rows = await connection.execute<{ run_id: string; seq: number; hash: string }[]>(
    lockHeadsSql('?'),
    [JSON.stringify([runId])],
    'all',
    context,
  );
  const head = headsByRun(rows).get(runId)!;
  const chained = chainEntries(runId, head, entries);
  if (chained.length === 0) return head;
  await connection.execute(storeEntriesSql('?'), [JSON.stringify(chained)], 'run', context);
  const newest = chained.at(-1)!;
  return { seq: newest.seq, hash: newest.hash };
}

interface StoredEntryRow extends Omit<ChainedEntry, 'device_time' | 'received_at'> {
  device_time: Date | null;
  received_at: Date;
}

/** A run's capture log as stored, oldest first. */
export async function readCaptureLog(em: EntityManager, runId: string): Promise<ChainedEntry[]> {
  const rows = await em.getConnection().execute<StoredEntryRow[]>(
    `select run_id, seq, kind, payload, payload_sha256, device_time, device_latitude, device_longitude,
         device_accuracy, received_at, prev_hash, hash, device_key_id, signature
       from capture_entries where run_id = ? order by seq`,
    [runId],
  );
  return rows.map((row) => ({
    ...row,
    seq: Number(row.seq),
    device_time: row.device_time ? new Date(row.device_time).toISOString() : null,
    received_at: new Date(row.received_at).toISOString(),
  }));
}

/** The head a report prints: the entry count and the newest hash (the genesis hash while empty). */
export async function readChainHead(em: EntityManager, runId: string): Promise<ChainHead> {
  const rows = await em
    .getConnection()
    .execute<{ seq: number; hash: string }[]>(`select seq, hash from capture_heads where run_id = ?`, [runId]);
  return rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : { seq: 0, hash: GENESIS_HASH };
}

/** A report's proof of the log: its head, and how many of its entries the cleaner's phone signed. */
export async function readChainProof(em: EntityManager, runId: string): Promise<ChainHead & { signed: number }> {
  const rows = await em.getConnection().execute<{ seq: number; hash: string; signed: number }[]>(
    `select h.seq, h.hash, (select count(*) from capture_entries e
         where e.run_id = h.run_id and e.seq <= h.seq and e.device_key_id is not null) as signed
       from capture_heads h where h.run_id = ?`,
    [runId],
  );
  const row = rows[0];
  return row
    ? { seq: Number(row.seq), hash: row.hash, signed: Number(row.signed) }
    : { seq: 0, hash: GENESIS_HASH, signed: 0 };
}

/** When the server received each media confirmation of a run, by media id (the newest confirmation). */
export async function readMediaReceipts(em: EntityManager, runId: string): Promise<Map<string, string>> {
  const rows = await em.getConnection().execute<{ media_id: string; received_at: Date }[]>(
    `select payload->>'media_id' as media_id, max(received_at) as received_at
       from capture_entries where run_id = ? and kind = 'media_confirmed' group by 1`,
    [runId],
  );
  return new Map(rows.map((row) => [row.media_id, new Date(row.received_at).toISOString()]));
}

/** A task's newest check as the capture log holds it: the device's claims beside the server's receipt. */
export interface TaskCheckClaim {
  device_time: string | null;
  device_position: { latitude: number; longitude: number; accuracy: number | null } | null;
  received_at: string;
}

/** The newest check of each checked task of a run, by run task id. */
export async function readTaskCheckClaims(em: EntityManager, runId: string): Promise<Map<string, TaskCheckClaim>> {
  const rows = await em.getConnection().execute<
    {
      run_task_id: string;
      device_time: Date | null;
      device_latitude: number | null;
      device_longitude: number | null;
      device_accuracy: number | null;
      received_at: Date;
    }[]
  >(
    `select distinct on (payload->>'run_task_id') payload->>'run_task_id' as run_task_id, device_time,
         device_latitude, device_longitude, device_accuracy, received_at
       from capture_entries where run_id = ? and kind = 'task_checked'
      order by payload->>'run_task_id', seq desc`,
    [runId],
  );
  return new Map(
    rows.map((row) => [
      row.run_task_id,
      {
        device_time: row.device_time ? new Date(row.device_time).toISOString() : null,
        device_position:
          row.device_latitude != null && row.device_longitude != null
            ? { latitude: row.device_latitude, longitude: row.device_longitude, accuracy: row.device_accuracy }
            : null,
        received_at: new Date(row.received_at).toISOString(),
      },
    ]),
  );
}
