import { claimPdfFolder, claimPdfPath, type ClaimPackKey } from '@turnproof/platform/report';
import { type ClaimPackJob, claimPackJob, startClaimPack } from '@turnproof/temporal/client';
import type { AppDeps } from '../app-deps.ts';
import { tooManyRequests } from '../http/errors.ts';

/** Where a run's claim pack stands, as the console shows it. */
export type ClaimPackState =
  | { status: 'ready' }
  | { status: 'generating'; step: string }
  | { status: 'failed'; error: string }
  | { status: 'not_started' };

export const CLAIM_PACK_FAILED = 'The claim PDF could not be printed. Please try again.';
export const OTHER_PACK_BUSY =
  'A damage-claim pack for another inspection is being made. Please wait until it is ready and try again.';
/** How soon a client asks again while a pack is being made. */
export const CLAIM_PACK_POLL_SECONDS = 2;

/** The pack's state, and the owner's claim-pack workflow it was read from (none when the pack is stored). */
async function readState(
  deps: AppDeps,
  ownerId: string,
  key: ClaimPackKey,
): Promise<{ state: ClaimPackState; job: ClaimPackJob }> {
  const path = claimPdfPath(key);
  if (await deps.storage.exists(path)) return { state: { status: 'ready' }, job: { state: 'none' } };
  const job = await claimPackJob(deps.temporal, ownerId);
  if (job.state === 'running' && sameRun(job.pdfPath, key)) {
    // A print of this run under an older key (its report or capture log grew since it started, as they
    // do in the minute after completion) is this run's pack being made: once it ends, the next request
    // prints the current key. The host never waits on "another inspection" for their own.
    const step = job.printing ? 'Printing the claim PDF' : 'Waiting for the printer';
    return { state: { status: 'generating', step }, job };
  }
  if (job.state === 'none' || job.pdfPath !== path) return { state: { status: 'not_started' }, job };
  // This print ended between the look at the storage and the workflow's: it stores the file before it ends,
  // so a look now finds it. Printing again would spend another of the owner's prints on the same pack.
  if (job.state === 'done' && (await deps.storage.exists(path))) return { state: { status: 'ready' }, job };
  // Finished without a stored file (a failure, or the file was removed since): a new print is needed.
  return {
    state: job.state === 'failed' ? { status: 'failed', error: CLAIM_PACK_FAILED } : { status: 'not_started' },
    job,
  };
}

/** Whether a claim PDF path is one of the run's (any report version and capture-log length). */
const sameRun = (pdfPath: string, key: ClaimPackKey) => pdfPath.startsWith(claimPdfFolder(key.runId));

/** Reads the stored pack and the owner's claim-pack workflow; starts nothing. */
export async function claimPackState(deps: AppDeps, ownerId: string, key: ClaimPackKey): Promise<ClaimPackState> {
  return (await readState(deps, ownerId, key)).state;
}

/** Requests of this process under way, by owner and pack: a burst of the same request asks Temporal once. */
const underWay = new Map<string, Promise<ClaimPackState>>();

/**
 * Has the claim PDF of `key` printed on the worker unless it is stored or being printed. An owner has one
 * pack in progress at a time (the workflow id is the owner's: a parallel burst starts one, across API
 * processes too) and a budget of prints per hour, spent only by a print actually started.
 */
export function requestClaimPack(deps: AppDeps, ownerId: string, key: ClaimPackKey): Promise<ClaimPackState> {
  const id = `${ownerId}/${claimPdfPath(key)}`;
  let answer = underWay.get(id);
  if (!answer) {
    answer = startUnlessUnderWay(deps, ownerId, key).finally(() => underWay.delete(id));
    underWay.set(id, answer);
  }
  return answer;
}

async function startUnlessUnderWay(deps: AppDeps, ownerId: string, key: ClaimPackKey): Promise<ClaimPackState> {
  const { state, job } = await readState(deps, ownerId, key);
  if (state.status === 'ready' || state.status === 'generating') return state;
  if (job.state === 'running') throw tooManyRequests(OTHER_PACK_BUSY, CLAIM_PACK_POLL_SECONDS);
  await deps.rateLimits.consume(['claimPacksPerOwner', ownerId]);
  if (await startClaimPack(deps.temporal, deps.config, ownerId, key)) {
    return { status: 'generating', step: 'Waiting for the printer' };
  }
  // Another request of the owner started one first: this one printed nothing.
  await deps.rateLimits.refund(['claimPacksPerOwner', ownerId]);
  const raced = await claimPackState(deps, ownerId, key);
  if (raced.status === 'ready' || raced.status === 'generating') return raced;
  throw tooManyRequests(OTHER_PACK_BUSY, CLAIM_PACK_POLL_SECONDS);
}
