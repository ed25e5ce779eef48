import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChainHead } from './capture-chain.ts';

/** A capture-log head as a time-stamping authority signed it (RFC 3161). */
export interface TimestampAnchor {
  id: string;
  head: ChainHead;
  /** genTime of the token: the authority's clock, not ours. */
  stampedAt: Date;
  tsaUrl: string;
}

interface AnchorRow {
  id: string;
  head_seq: number;
  head_hash: string;
  stamped_at: Date;
  tsa_url: string;
}

/** Stores a checked token; a head already anchored keeps its first token. */
export async function storeTimestampAnchor(
  em: EntityManager,
  runId: string,
  anchor: Omit<TimestampAnchor, 'id'> & { token: Uint8Array },
): Promise<void> {
  await em.getConnection().execute(
    `insert into timestamp_anchors (run_id, head_seq, head_hash, stamped_at, tsa_url, token)
     values (?, ?, ?, ?, ?, ?) on conflict (run_id, head_seq) do nothing`,
    [runId, anchor.head.seq, anchor.head.hash, anchor.stampedAt, anchor.tsaUrl, Buffer.from(anchor.token)],
  );
}

/** A run's anchors, oldest head first. */
export async function readTimestampAnchors(em: EntityManager, runId: string): Promise<TimestampAnchor[]> {
  const rows = await em
    .getConnection()
    .execute<AnchorRow[]>(
      `select id, head_seq, head_hash, stamped_at, tsa_url from timestamp_anchors where run_id = ? order by head_seq`,
      [runId],
    );
  return rows.map((row) => ({
    id: row.id,
    head: { seq: Number(row.head_seq), hash: row.head_hash },
    stampedAt: new Date(row.stamped_at),
    tsaUrl: row.tsa_url,
  }));
}

/** The token (DER TimeStampResp) of one anchor of a run, or null. */
export async function readTimestampToken(em: EntityManager, runId: string, anchorId: string): Promise<Buffer | null> {
  const [row] = await em
    .getConnection()
    .execute<{ token: Buffer }[]>(`select token from timestamp_anchors where run_id = ? and id = ?`, [runId, anchorId]);
  return row?.token ?? null;
}

/**
 * Open runs (pending, in progress, or sent back for revision) whose head has moved past their newest anchor, oldest change first:
 * what the hourly stamp has to do. A head that did not move is not stamped again.
 */
export async function runsWithUnanchoredHeads(em: EntityManager, limit: number): Promise<string[]> {
  const rows = await em.getConnection().execute<{ run_id: string }[]>(
    `select h.run_id from capture_heads h join runs r on r.id = h.run_id
      where r.status in ('pending', 'in_progress', 'revision_requested') and h.seq > 0
        and h.seq > coalesce((select max(a.head_seq) from timestamp_anchors a where a.run_id = h.run_id), 0)
      order by r.updated_at limit ?`,
    [limit],
  );
  return rows.map((row) => row.run_id);
}

/** The anchor of exactly this head, if an authority has stamped it yet (a report prints it). */
export async function readHeadAnchor(
  em: EntityManager,
  runId: string,
  head: ChainHead,
): Promise<{ stampedAt: string; tsa: string } | null> {
  const [row] = await em
    .getConnection()
    .execute<{ stamped_at: Date; tsa_url: string }[]>(
      `select stamped_at, tsa_url from timestamp_anchors where run_id = ? and head_seq = ? and head_hash = ?`,
      [runId, head.seq, head.hash],
    );
  return row ? { stampedAt: new Date(row.stamped_at).toISOString(), tsa: row.tsa_url } : null;
}
