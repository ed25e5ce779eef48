import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SignedAction, signedActionText } from '@turnproof/config/device-signature';
import type { DeviceSignature, Run } from '@turnproof/db';
import { z } from 'zod';
import { hashToken } from '../auth/secret-tokens.ts';
import { badRequest, codedError, tooManyRequests } from '../http/errors.ts';

/** How many phones may register with one run (a cleaner's phone, a replacement, a helper's). */
export const DEVICE_KEYS_PER_RUN_MAX = 10;

export const deviceKeyMessages = {
  invalidKey: 'public_key must be an ECDSA P-256 public key as a JWK (kty EC, crv P-256, x, y).',
  tooMany: `At most ${DEVICE_KEYS_PER_RUN_MAX} devices can register with a run.`,
  unknownKey: 'This device key is not registered with this run.',
  badSignature: 'The device signature does not match this action.',
  halfSigned: 'device_key_id and signature go together: send both or neither.',
};

const coordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/, deviceKeyMessages.invalidKey);

/** The public part of a P-256 key as WebCrypto exports it; only these fields are stored. */
export const devicePublicKey = z
  .object(
    {
      kty: z.literal('EC', deviceKeyMessages.invalidKey),
      crv: z.literal('P-256', deviceKeyMessages.invalidKey),
      x: coordinate,
      y: coordinate,
    },
    { error: deviceKeyMessages.invalidKey },
  )
  .transform(({ kty, crv, x, y }) => ({ kty, crv, x, y }));

/** The fields a signed action adds to its request. */
export const signatureFields = {
  device_key_id: z.uuid({ error: deviceKeyMessages.unknownKey }).nullish(),
  signature: z
    .string({ error: deviceKeyMessages.badSignature })
    .regex(/^[A-Za-z0-9_-]{86}$/, deviceKeyMessages.badSignature)
    .nullish(),
};

/**
 * Registers a phone's public key with a run, once: registering the same key again answers the same id.
 * The key must be a point on the curve (node:crypto refuses anything else).
 */
export async function registerDeviceKey(
  em: EntityManager,
  run: Run,
  publicKey: z.output<typeof devicePublicKey>,
): Promise<{ id: string; created: boolean }> {
  try {
    createPublicKey({ key: publicKey, format: 'jwk' });
  } catch {
    throw badRequest(deviceKeyMessages.invalidKey);
  }
  const connection = em.getConnection();
  const [known] = await connection.execute<{ id: string }[]>(
    `select id from device_keys where run_id = ? and public_key = ?::jsonb`,
    [run.id, JSON.stringify(publicKey)],
  );
  if (known) return { id: known.id, created: false };
  // One statement counts and inserts, so concurrent registrations cannot pass the cap together unseen.
  const [stored] = await connection.execute<{ id: string; created: boolean }[]>(
    `insert into device_keys (id, run_id, public_key, created_at)
     select gen_random_uuid(), ?, ?::jsonb, now()
     where (select count(*) from device_keys where run_id = ?) < ?
     on conflict (run_id, public_key) do update set run_id = excluded.run_id
     returning id, (xmax = 0) as created`,
    [run.id, JSON.stringify(publicKey), run.id, DEVICE_KEYS_PER_RUN_MAX],
  );
  if (!stored) throw tooManyRequests(deviceKeyMessages.tooMany, 3600);
  return stored;
}

/**
 * Verifies an action's device signature against the key the link's run registered, over the request as
 * the phone sent it (before parsing changed anything). Answers null for an unsigned action (an older
 * runner, still accepted); refuses with 422 a signature from a key of another run or one that does not
 * match (a changed field, another key), before anything is written.
 */
export async function verifiedDeviceSignature(
  em: EntityManager,
  action: SignedAction,
  body: { token: string; device_key_id?: string | null; signature?: string | null },
  sent: unknown,
): Promise<DeviceSignature | null> {
  const { device_key_id: deviceKeyId, signature } = body;
  if (!deviceKeyId && !signature) return null;
  if (!deviceKeyId || !signature) throw codedError(422, 'half_signed', deviceKeyMessages.halfSigned);
  const [key] = await em
    .getConnection()
    .execute<{ public_key: JsonWebKey }[]>(
      `select k.public_key from device_keys k join runs r on r.id = k.run_id where k.id = ? and r.token_hash = ?`,
      [deviceKeyId, hashToken(body.token)],
    );
  if (!key) throw codedError(422, 'unknown_device_key', deviceKeyMessages.unknownKey);
  const text = signedActionText(action, sent as Record<string, unknown>);
  const valid = verify(
    'sha256',
    Buffer.from(text, 'utf8'),
    { key: createPublicKey({ key: key.public_key, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw codedError(422, 'bad_device_signature', deviceKeyMessages.badSignature);
  return { deviceKeyId, signature };
}
