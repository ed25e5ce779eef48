import { hash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { DeviceSignature } from '@turnproof/config/device-signature';
import type { CaptureKind } from '../entities/runs.ts';

/** prev_hash of a run's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface DevicePosition {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

/** An action to record: what the server accepted, what the phone claimed, and when the server got it. */
export interface NewCaptureEntry {
  kind: CaptureKind;
  payload: Record<string, unknown>;
  /** The phone's clock when it says the action happened: a claim, never trusted. */
  deviceTime: Date | null;
  /** The phone's position: a claim as well. */
  devicePosition: DevicePosition | null;
  /** The server's clock when the request arrived. */
  receivedAt: Date;
  /** The phone's signature of the action, verified on arrival; null for an unsigned one (an older runner). */
  deviceSignature?: DeviceSignature | null;
}

export type { DeviceSignature };

/** A capture-log entry as stored (and as hashed: every field but `hash` is covered by it). */
export interface ChainedEntry {
  run_id: string;
  seq: number;
  kind: CaptureKind;
  payload: Record<string, unknown>;
  payload_sha256: string;
  device_time: string | null;
  device_latitude: number | null;
  device_longitude: number | null;
  device_accuracy: number | null;
  received_at: string;
  prev_hash: string;
  hash: string;
  device_key_id: string | null;
  signature: string | null;
}

export interface ChainHead {
  seq: number;
  hash: string;
}

// One-shot: no Hash object per digest on the cleaners' every tick.
const sha256 = (text: string) => hash('sha256', text, 'hex');

/** RFC 8785 canonical JSON, so the same values always hash the same whatever their key order. */
function canonical(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('The capture log can only hash JSON values');
  return text;
}

export const payloadDigest = (payload: Record<string, unknown>) => sha256(canonical(payload));

type HashedFields = Omit<ChainedEntry, 'hash' | 'payload'>;

/**
 * What an entry's hash covers: every stored field but the payload (covered by its digest) and the hash.
 * The device signature is there only on a signed entry, so entries made before signatures hash as they did.
 */
function hashedRecord(entry: HashedFields) {
  return {
    ...(entry.device_key_id === null
      ? {}
      : { device_signature: { key_id: entry.device_key_id, signature: entry.signature } }),
    v: 1,
    run_id: entry.run_id,
    seq: entry.seq,
    kind: entry.kind,
    payload_sha256: entry.payload_sha256,
    device_time: entry.device_time,
    device_position:
      entry.device_latitude === null || entry.device_longitude === null
        ? null
        : { latitude: entry.device_latitude, longitude: entry.device_longitude, accuracy: entry.device_accuracy },
    received_at: entry.received_at,
    prev_hash: entry.prev_hash,
  };
}

/** The hash of an entry: SHA-256 over the canonical encoding of every stored field but itself. */
export function entryHash(entry: HashedFields): string {
  return sha256(canonical(hashedRecord(entry)));
}

const PREV_SLOT = 'prev-hash-slot';
const RUN_SLOT = 'run-id-slot';
const SEQ_SLOT = Number.MAX_SAFE_INTEGER;
const SEQ_TEXT = String(SEQ_SLOT);

/**
 * An entry's canonical encoding with three slots left open, for a database statement that learns the
 * run, the sequence and the previous hash only as it runs: `parts[0] + prev_hash + parts[1] + run_id +
 * parts[2] + seq + parts[3]` is exactly what entryHash hashes. (RFC 8785 orders the keys prev_hash,
 * received_at, run_id, seq; a hex hash, a uuid and an integer encode as themselves.) It takes the
 * entry's unchainedFields, which the statement stores too, so the payload is encoded and digested once.
 */
export function entryHashTemplate(fields: UnchainedFields): [string, string, string, string] {
  const text = canonical(hashedRecord({ ...fields, run_id: RUN_SLOT, seq: SEQ_SLOT, prev_hash: PREV_SLOT }));
  const prev = text.indexOf(PREV_SLOT);
  const run = text.indexOf(RUN_SLOT);
  const seq = text.indexOf(SEQ_TEXT);
  const once = (slot: string, at: number) => at >= 0 && at === text.lastIndexOf(slot);
  // Each slot once and in that order, or the statement would hash something other than entryHash does.
  if (!(once(PREV_SLOT, prev) && once(RUN_SLOT, run) && once(SEQ_TEXT, seq) && prev < run && run < seq))
    throw new Error('The capture-log hash template lost a slot');
  return [
    text.slice(0, prev),
    text.slice(prev + PREV_SLOT.length, run),
    text.slice(run + RUN_SLOT.length, seq),
    text.slice(seq + SEQ_TEXT.length),
  ];
}

export type UnchainedFields = ReturnType<typeof unchainedFields>;

/** The fields of a new entry that do not depend on its place in the chain. */
export function unchainedFields(entry: NewCaptureEntry) {
  return {
    kind: entry.kind,
    payload: entry.payload,
    payload_sha256: payloadDigest(entry.payload),
    device_time: entry.deviceTime?.toISOString() ?? null,
    device_latitude: entry.devicePosition?.latitude ?? null,
    device_longitude: entry.devicePosition?.longitude ?? null,
    device_accuracy: entry.devicePosition?.accuracy ?? null,
    received_at: entry.receivedAt.toISOString(),
    device_key_id: entry.deviceSignature?.deviceKeyId ?? null,
    signature: entry.deviceSignature?.signature ?? null,
  };
}

/** The next entries of a run's chain after `head`, in order. */
export function chainEntries(runId: string, head: ChainHead, entries: NewCaptureEntry[]): ChainedEntry[] {
  let previous = head;
  return entries.map((entry) => {
    const unhashed = { ...unchainedFields(entry), run_id: runId, seq: previous.seq + 1, prev_hash: previous.hash };
    const chained = { ...unhashed, hash: entryHash(unhashed) };
    previous = { seq: chained.seq, hash: chained.hash };
    return chained;
  });
}

export type ChainFault =
  { seq: number; problem: 'payload' | 'hash' | 'link' | 'sequence' } | { seq: number; problem: 'head' };

/**
 * Recomputes a run's chain from its stored entries: each payload's digest, each entry's hash, each link
 * to the previous entry and the sequence. Answers every fault, the first one first.
 */
export function checkChain(entries: ChainedEntry[]): { head: ChainHead; faults: ChainFault[] } {
  const faults: ChainFault[] = [];
  let previous: ChainHead = { seq: 0, hash: GENESIS_HASH };
  for (const entry of entries) {
    if (entry.seq !== previous.seq + 1) faults.push({ seq: entry.seq, problem: 'sequence' });
    else if (entry.prev_hash !== previous.hash) faults.push({ seq: entry.seq, problem: 'link' });
    if (payloadDigest(entry.payload) !== entry.payload_sha256) faults.push({ seq: entry.seq, problem: 'payload' });
    if (entryHash(entry) !== entry.hash) faults.push({ seq: entry.seq, problem: 'hash' });
    previous = { seq: entry.seq, hash: entry.hash };
  }
  return { head: previous, faults };
}
