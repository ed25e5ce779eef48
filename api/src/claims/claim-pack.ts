import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { claimPdfPath, type ClaimPackKey } from '@turnproof/platform/report';
import { hostLanguage } from '@turnproof/platform/mail';
import type { MediaStorage } from '@turnproof/platform/media-storage';
import { Media, readCaptureLog, readChainHead, Report, type Run } from '@turnproof/db';
import { type ZipEntry, zipStream } from '../zip/zip-stream.ts';

/**
 * What the claim PDF of a run is printed from now: its newest ready report (the verification link names
 * it), the length of its capture log and the language of the host asking. A pack stored under this key is
 * still the run's evidence, in their words.
 */
export async function claimPackKey(em: EntityManager, runId: string, hostId: string): Promise<ClaimPackKey> {
  const [report] = await em.find(Report, { run: runId, status: 'ready' }, { orderBy: { version: 'desc' }, limit: 1 });
  const head = await readChainHead(em, runId);
  return {
    runId,
    reportVersion: report?.version ?? 0,
    evidenceSeq: head.seq,
    language: await hostLanguage(em, hostId),
  };
}

/** The original files of confirmed media under `folder/`, named by their storage path (as the capture log names them). */
async function originals(storage: MediaStorage, folder: string, media: Media[]): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  for (const item of media) {
    if (await storage.exists(item.path))
      entries.push({ name: `${folder}/${item.path}`, data: () => storage.stream(item.path), compress: false });
  }
  return entries;
}

/**
 * The damage-claim pack of a completed run as a streamed ZIP: claim.pdf (printed by the worker and
 * stored under `key`: each issue with its before/after photos, times, the chain head and the verification
 * link), the original photos and videos of the tasks under photos/ and of the issues under issues/, and the
 * capture log as capture-log.json, which anyone can recompute.
 */
export async function claimPackArchive(
  em: EntityManager,
  storage: MediaStorage,
  run: Run,
  key: ClaimPackKey,
): Promise<Readable> {
  const media = await em.find(Media, { run: run.id, status: 'confirmed' }, { orderBy: { created_at: 'asc' } });
  // The log as far as the stored PDF saw it, so its head is the one printed on the claim.
  const entries = (await readCaptureLog(em, run.id)).filter((entry) => entry.seq <= key.evidenceSeq);
  const log = { run_id: run.id, entry_count: entries.length, chain_head: entries.at(-1)?.hash ?? null, entries };
  return zipStream([
    { name: 'claim.pdf', data: () => storage.stream(claimPdfPath(key)), compress: false },
    ...(await originals(
      storage,
      'photos',
      media.filter((item) => item.run_task),
    )),
    ...(await originals(
      storage,
      'issues',
      media.filter((item) => item.alert),
    )),
    { name: 'capture-log.json', data: JSON.stringify(log, null, 2) },
  ]);
}
