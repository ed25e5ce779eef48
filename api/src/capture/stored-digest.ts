import { createHash } from 'node:crypto';
import type { MediaStorage } from '@turnproof/platform/media-storage';

/** SHA-256 (hex) of a stored file, streamed so a 200 MB video is never held in memory. */
export async function sha256OfStored(storage: MediaStorage, path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of storage.stream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
