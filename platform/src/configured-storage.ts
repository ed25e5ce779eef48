import type { Config } from '@turnproof/config';
import { createMediaStorage, type MediaStorage } from './media-storage.ts';
import { createS3MediaStorage } from './s3-media-storage.ts';

/** The store the configuration names: the bucket when S3_ENDPOINT and S3_BUCKET are set, else MEDIA_DIR. */
export function configuredMediaStorage(config: Pick<Config, 's3' | 'mediaDir'>): MediaStorage {
  return config.s3 ? createS3MediaStorage(config.s3) : createMediaStorage(config.mediaDir);
}
