import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The files of a backup, each written as it streams by, optionally encrypted with AES-256-GCM: a stored
 * file is `TPB1`, a random 12-byte IV, the ciphertext and the 16-byte tag, so a byte changed anywhere
 * fails its decryption, not only its checksum.
 */

const MAGIC = Buffer.from('TPB1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** BACKUP_ENCRYPTION_KEY: 32 random bytes in base64 (`openssl rand -base64 32`). */
export function backupKey(encoded: string | undefined): Buffer | null {
  if (!encoded) return null;
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32)
    throw new Error('BACKUP_ENCRYPTION_KEY must be 32 bytes in base64 (make one with `openssl rand -base64 32`).');
  return key;
}

/** Names a key without revealing it, so a restore can tell the wrong key from a damaged file. */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export interface StoredFile {
  /** Relative to the backup folder, POSIX style. */
  path: string;
  /** Size and SHA-256 of the file as stored (encrypted or not). */
  bytes: number;
  sha256: string;
}

/** Writes `source` to `file` (encrypted when a key is given) and answers its size and checksum as stored. */
export async function writeStoredFile(
  source: Readable,
  file: string,
  key: Buffer | null,
): Promise<Omit<StoredFile, 'path'>> {
  await mkdir(dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  if (!key) {
    await pipeline(source, count, createWriteStream(file));
  } else {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    // The IV leads the ciphertext; the tag, known only at the end, follows it.
    const frame = new Transform({
      construct(done) {
        this.push(Buffer.concat([MAGIC, iv]));
        done();
      },
      transform: (chunk: Buffer, _encoding, done) => done(null, chunk),
      flush: (done) => done(null, cipher.getAuthTag()),
    });
    await pipeline(source, cipher, frame, count, createWriteStream(file));
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The plain bytes of a stored file as a stream; an encrypted file's tag is checked at its end. */
export async function readStoredFile(file: string, key: Buffer | null): Promise<Readable> {
  if (!key) return createReadStream(file);
  const { size } = await stat(file);
  const header = Buffer.alloc(MAGIC.length + IV_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await open(file, 'r');
  try {
    await handle.read(header, 0, header.length, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (size < header.length + TAG_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error(`${file} is not an encrypted backup file (was the backup made without BACKUP_ENCRYPTION_KEY?).`);
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length));
  decipher.setAuthTag(tag);
  const body = createReadStream(file, { start: header.length, end: size - TAG_BYTES - 1 });
  body.once('error', (error) => decipher.destroy(error));
  return body.pipe(decipher);
}

/** The SHA-256 of a file as stored. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
