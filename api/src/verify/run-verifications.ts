import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import pLimit from 'p-limit';
import { type RunVerification, type StoredFiles, verifyRun } from './run-verification.ts';

/** Stored files hashed at once by this API process, whatever the number of visitors. */
const HASHING_CONCURRENCY = 4;
/** A run's stored files are hashed again, on the next view, once its verification is this old. */
export const VERIFICATION_RECHECK_MS = 10 * 60 * 1000;
/** Runs whose verification is kept; the least recently viewed go first. */
const KEPT_RUNS = 1000;

/**
 * One state of a run as the verification sees it: the head of its capture log, the digests of its
 * ready report versions, its timestamp anchors, and what the page prints of the run. Null for an unknown run. One indexed
 * query, so every view can afford it.
 */
async function runStamp(em: EntityManager, runId: string): Promise<string | null> {
  const [row] = await em.getConnection().execute<Record<string, unknown>[]>(
    `select r.status, r.ended_at, p.name, h.seq, h.hash,
            (select string_agg(rp.version || ':' || coalesce(rp.pdf_sha256, ''), ',' order by rp.version)
               from reports rp where rp.run_id = r.id and rp.status = 'ready') as reports,
            (select count(*) from timestamp_anchors a where a.run_id = r.id) as anchors
       from runs r join properties p on p.id = r.property_id left join capture_heads h on h.run_id = r.id
      where r.id = ?`,
    [runId],
  );
  return row ? JSON.stringify(row) : null;
}

interface Kept {
  stamp: string;
  result: Promise<RunVerification | null>;
  /** When the result was ready; null while it is being computed. */
  readyAt: number | null;
}

/**
 * The public verification of runs, computed once per change of the run (a new log entry, a new
 * report version) and shared by every visitor meanwhile: concurrent views of one run wait for the
 * same computation. The stored files are hashed again after `recheckMs`, so bytes altered in storage
 * behind the database's back show within that time.
 */
export class RunVerifications {
  private readonly kept = new Map<string, Kept>();
  private readonly files: StoredFiles;

  constructor(
    private readonly orm: MikroORM,
    storage: MediaStorage,
    private readonly recheckMs = VERIFICATION_RECHECK_MS,
  ) {
    this.files = { storage, hashing: pLimit(HASHING_CONCURRENCY) };
  }

  async of(em: EntityManager, runId: string): Promise<RunVerification | null> {
    const stamp = await runStamp(em, runId);
    if (stamp === null) return null;
    const kept = this.kept.get(runId);
    if (kept?.stamp === stamp && (kept.readyAt === null || Date.now() - kept.readyAt < this.recheckMs)) {
      this.remember(runId, kept);
      return kept.result;
    }
    // Its own context: the computation outlives the request that started it when others wait on it.
    const result = verifyRun(this.orm.em.fork(), this.files, runId);
    const fresh: Kept = { stamp, result, readyAt: null };
    this.remember(runId, fresh);
    result.then(
      () => (fresh.readyAt = Date.now()),
      () => this.kept.get(runId) === fresh && this.kept.delete(runId),
    );
    return result;
  }

  /** Most recently viewed last, so the first key is the one to drop. */
  private remember(runId: string, kept: Kept) {
    this.kept.delete(runId);
    this.kept.set(runId, kept);
    if (this.kept.size > KEPT_RUNS) this.kept.delete(this.kept.keys().next().value!);
  }
}
