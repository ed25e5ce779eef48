import {
  DEVICE_KEY_ALGORITHM,
  DEVICE_SIGNATURE_ALGORITHM,
  type SignedAction,
  signedActionText,
  toBase64Url,
} from '@turnproof/config/device-signature';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { NewAction, QueuedAction } from './offline-db.ts';
import type { RunnerApi } from './runner-api.ts';
import { signedRequest, type SyncDeps } from './sync.ts';

/**
 * This phone's signing key: an ECDSA P-256 pair made once with WebCrypto, its private half not
 * exportable. IndexedDB stores the CryptoKey objects themselves (a structured clone keeps them
 * non-exportable), so no page script, and no one copying the storage, can read the private key out.
 */
interface DeviceKeySchema extends DBSchema {
  keys: { key: 'device'; value: CryptoKeyPair };
  /** The id each run gave this phone's public key, by magic-link token. */
  registrations: { key: string; value: string };
}

const DEVICE_KEY_DB = 'turnproofDeviceKey';

let opened: Promise<IDBPDatabase<DeviceKeySchema>> | null = null;
const database = () =>
  (opened ??= openDB<DeviceKeySchema>(DEVICE_KEY_DB, 1, {
    upgrade(db) {
      db.createObjectStore('keys');
      db.createObjectStore('registrations');
    },
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  }));

let pair: Promise<CryptoKeyPair> | null = null;

/** The phone's key pair, made on first use. */
export function deviceKeyPair(): Promise<CryptoKeyPair> {
  pair ??= (async () => {
    const db = await database();
    const stored = await db.get('keys', 'device');
    if (stored) return stored;
    const made = await crypto.subtle.generateKey(DEVICE_KEY_ALGORITHM, false, ['sign', 'verify']);
    // Two tabs may make one at once: the first stored wins, and both use it.
    const tx = db.transaction('keys', 'readwrite');
    const raced = await tx.store.get('device');
    if (!raced) await tx.store.put(made, 'device');
    await tx.done;
    return raced ?? made;
  })().catch((error: unknown) => {
    pair = null;
    throw error;
  });
  return pair;
}

/** Signs an action's request body (all but its token) as the server will verify it. */
export async function signAction(action: SignedAction, body: object): Promise<string> {
  const { privateKey } = await deviceKeyPair();
  const text = new TextEncoder().encode(signedActionText(action, body));
  return toBase64Url(new Uint8Array(await crypto.subtle.sign(DEVICE_SIGNATURE_ALGORITHM, privateKey, text)));
}

const registering = new Map<string, Promise<string>>();

/** The id of this phone's key with the link's run, registering the public key on first use (once per run). */
export function registeredDeviceKey(api: RunnerApi, token: string): Promise<string> {
  let pending = registering.get(token);
  if (!pending) {
    pending = (async () => {
      const db = await database();
      const known = await db.get('registrations', token);
      if (known) return known;
      const { publicKey } = await deviceKeyPair();
      const jwk = await crypto.subtle.exportKey('jwk', publicKey);
      const { device_key_id } = await api.registerDeviceKey({
        token,
        public_key: { kty: jwk.kty!, crv: jwk.crv!, x: jwk.x!, y: jwk.y! },
      });
      await db.put('registrations', device_key_id, token);
      return device_key_id;
    })().finally(() => registering.delete(token));
    registering.set(token, pending);
  }
  return pending;
}

/** Whether this page can sign (WebCrypto exists only in a secure context); if not, actions go unsigned. */
const canSign = () => !!globalThis.crypto?.subtle;

/**
 * What a sync needs to sign with this phone's key: the key's id with each link's run, and signing for the
 * requests not signed when they were queued. Nothing without WebCrypto: the sync then sends them unsigned.
 */
export function deviceSigning(api: RunnerApi): Pick<SyncDeps, 'deviceKey' | 'sign'> {
  return canSign() ? { deviceKey: (token) => registeredDeviceKey(api, token), sign: signAction } : {};
}

/**
 * Fills in the action's id and time now and signs the request it will send, so that an action queued
 * offline syncs signed later. A page without WebCrypto (not a secure context) queues it unsigned.
 */
export async function signWhenQueued(action: NewAction): Promise<NewAction> {
  const draft = {
    ...action,
    actionId: action.actionId ?? crypto.randomUUID(),
    timestamp: action.timestamp ?? Date.now(),
  };
  const request = signedRequest({ ...draft, synced: false } as QueuedAction);
  if (!request || !canSign()) return draft;
  return { ...draft, signature: await signAction(request.action, request.body) };
}
