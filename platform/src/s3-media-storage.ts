import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '@turnproof/config';
import { checkedMediaPath, type MediaStorage } from './media-storage.ts';

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

async function bodyBytes(body: unknown): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Where a phone's presigned PUT lands: apart from the stored files, which only the API writes. */
const UPLOADS = 'incoming';
const uploadKey = (path: string) => `${UPLOADS}/${checkedMediaPath(path)}`;

/**
 * Media in a bucket of an S3-compatible store (AWS S3, MinIO, versitygw...). Object keys are the media
 * paths; what phones upload waits under `incoming/<path>` until the API takes it in. A PUT of one
 * object is atomic in S3, so readers see the old object or the whole new one.
 */
export function createS3MediaStorage(settings: S3Settings): MediaStorage {
  const clientFor = (endpoint: string) =>
    new S3Client({
      endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Presigned uploads from phones cannot add the SDK's CRC32 checksum headers; ask for them only when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(settings.endpoint);
  // Signatures cover the host: links for browsers are signed for the address they will use.
  const signer = settings.publicEndpoint === settings.endpoint ? client : clientFor(settings.publicEndpoint);
  const Bucket = settings.bucket;

  async function get(Key: string, range?: string) {
    const answer = await client.send(new GetObjectCommand({ Bucket, Key, Range: range }));
    return answer.Body;
  }

  function streamOf(Key: string): Readable {
    // Synchronous like a file stream: the object's bytes are piped in once the GET answers.
    const out = new PassThrough();
    get(Key).then(
      (body) => {
        const source = body as Readable;
        source.once('error', (error) => out.destroy(error));
        source.pipe(out);
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }

  async function sizeOf(Key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Every key under the prefix, a page (up to 1000) at a time. */
  async function* keyPages(Prefix?: string): AsyncGenerator<string[]> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      yield (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function removeUnder(Prefix: string): Promise<void> {
    for await (const keys of keyPages(Prefix)) await deleteKeys(keys);
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await client.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
  }

  return {
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isMissing(error)) throw error;
        // A self-hosted store starts empty; several processes may race here, and one of them wins.
        await client.send(new CreateBucketCommand({ Bucket })).catch((race: unknown) => {
          if (!(race instanceof S3ServiceException && race.name === 'BucketAlreadyOwnedByYou')) throw race;
        });
      }
    },

    async write(path, source) {
      const Key = checkedMediaPath(path);
      if (typeof source !== 'string') {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: source, ContentLength: source.length }));
        return;
      }
      const { size } = await stat(source);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(source), ContentLength: size }));
      await unlink(source);
    },

    async read(path) {
      return bodyBytes(await get(checkedMediaPath(path)));
    },

    stream(path) {
      return streamOf(checkedMediaPath(path));
    },

    async exists(path) {
      return (await sizeOf(checkedMediaPath(path))) !== null;
    },

    async remove(path) {
      // A PUT after the upload was taken in leaves a new upload object: it goes with the file.
      await deleteKeys([checkedMediaPath(path), uploadKey(path)]);
    },

    async removeTree(prefix) {
      await removeUnder(`${checkedMediaPath(prefix)}/`);
      await removeUnder(`${uploadKey(prefix)}/`);
    },

    async *list() {
      for await (const keys of keyPages()) {
        for (const key of keys) if (!key.startsWith(`${UPLOADS}/`)) yield key;
      }
    },

    direct: {
      uploadUrl(path, { contentType, size, expiresInSeconds }) {
        const command = new PutObjectCommand({
          Bucket,
          Key: uploadKey(path),
          ContentType: contentType,
          ContentLength: size,
        });
        // Both headers are signed, so the store refuses a PUT of another size or type.
        return getSignedUrl(signer, command, {
          expiresIn: expiresInSeconds,
          signableHeaders: new Set(['content-type', 'content-length']),
        });
      },

      downloadUrl(path, { contentType, fileName, expiresInSeconds }) {
        const command = new GetObjectCommand({
          Bucket,
          Key: checkedMediaPath(path),
          ResponseContentType: contentType,
          ...(fileName ? { ResponseContentDisposition: `attachment; filename="${fileName.replace(/"/g, '')}"` } : {}),
        });
        return getSignedUrl(signer, command, { expiresIn: expiresInSeconds });
      },

      uploadedSize(path) {
        return sizeOf(uploadKey(path));
      },

      async readUploadStart(path, bytes) {
        return bodyBytes(await get(uploadKey(path), `bytes=0-${bytes - 1}`));
      },

      streamUpload(path) {
        return streamOf(uploadKey(path));
      },

      async discardUpload(path) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: uploadKey(path) }));
      },
    },
  };
}
