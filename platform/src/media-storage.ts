import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where media files live: local disk under MEDIA_DIR (the default) or an S3-compatible bucket
 * (s3-media-storage.ts). Every path is relative and POSIX-style, such as
 * `runs/<runId>/<runTaskId>/<uuid>-<name>`; a path that could leave its root is refused.
 */
export type MediaStorage = {
  /** Atomic: readers see the old file or the whole new one. A string source is a temp file path, moved in. */
  write(path: string, source: Buffer | string): Promise<void>;
  read(path: string): Promise<Buffer>;
  /** The bytes as a stream; a missing file is an error on the stream. */
  stream(path: string): Readable;
  /** True when a regular file is stored at the path. */
  exists(path: string): Promise<boolean>;
  /** Idempotent: removing a missing file is not an error. An object store removes its upload too. */
  remove(path: string): Promise<void>;
  /** Removes a whole folder such as `runs/<runId>` (with its uploads); idempotent. */
  removeTree(prefix: string): Promise<void>;
  /** Every stored file's path (never an upload waiting to be taken in, nor a write in progress), for backups. */
  list(): AsyncIterable<string>;
  /** Readies the store at start: an object store's bucket is made when missing. */
  prepare?(): Promise<void>;
  /** Only an object store has it: presigned links, so bytes go between the phone and the store directly. */
  direct?: DirectAccess;
};

/**
 * A phone's upload goes to a staging object of its own, never to the stored file: the API reads it,
 * checks it and writes the stored file itself, so a presigned PUT that is still valid afterwards (a
 * retry, a revoked cleaner) cannot change what was confirmed.
 */
export type DirectAccess = {
  /** A presigned PUT to the path's staging object: the store refuses another size or content type than the ones signed. */
  uploadUrl(path: string, upload: { contentType: string; size: number; expiresInSeconds: number }): Promise<string>;
  /** A presigned GET answering with this content type (and as an attachment when a file name is given). */
  downloadUrl(
    path: string,
    download: { contentType: string; fileName?: string; expiresInSeconds: number },
  ): Promise<string>;
  /** The size in bytes of what the phone uploaded for the path, or null when nothing is. */
  uploadedSize(path: string): Promise<number | null>;
  /** The first bytes of the upload (a ranged GET), to tell its real type without downloading it. */
  readUploadStart(path: string, bytes: number): Promise<Buffer>;
  /** The upload's bytes as a stream. */
  streamUpload(path: string): Readable;
  /** Deletes the upload (taken in, or refused); idempotent. */
  discardUpload(path: string): Promise<void>;
};

/** Relative paths only, no empty, `.` or `..` segment: the same rule for disk and bucket. */
export function checkedMediaPath(path: string): string {
  return checkedSegments(path).join('/');
}

const SEGMENT_FORBIDDEN = /[\\\0]/;

function checkedSegments(path: string): string[] {
  if (typeof path !== 'string' || path.length === 0) throw new Error('Media path must be a non-empty relative path');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) throw new Error(`Media path must be relative: ${path}`);
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || SEGMENT_FORBIDDEN.test(segment)) {
      throw new Error(`Media path is not allowed: ${path}`);
    }
  }
  return segments;
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

async function removeQuietly(file: string): Promise<void> {
  await rm(file, { force: true });
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createMediaStorage(mediaDir: string): MediaStorage & { absolutePath(path: string): string } {
  const root = resolve(mediaDir);

  function absolutePath(path: string): string {
    const target = resolve(root, ...checkedSegments(path));
    if (!target.startsWith(root + sep)) throw new Error(`Media path escapes the media folder: ${path}`);
    return target;
  }

  function tempNameBeside(target: string): string {
    return join(dirname(target), `.tmp-${randomUUID()}`);
  }

  async function writeBuffer(target: string, data: Buffer): Promise<void> {
    const temp = tempNameBeside(target);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await removeQuietly(temp);
      throw error;
    }
  }

  async function moveFile(target: string, sourceFile: string): Promise<void> {
    try {
      await rename(sourceFile, target);
      return;
    } catch (error) {
      if (!isErrno(error, 'EXDEV')) throw error;
    }
    // Another device: copy next to the target, then rename, so the target still appears at once.
    const temp = tempNameBeside(target);
    try {
      await copyFile(sourceFile, temp);
      await syncFile(temp);
      await rename(temp, target);
    } catch (error) {
      await removeQuietly(temp);
      throw error;
    }
    await unlink(sourceFile);
  }

  return {
    absolutePath,

    async write(path, source) {
      const target = absolutePath(path);
      await mkdir(dirname(target), { recursive: true });
      if (typeof source === 'string') await moveFile(target, source);
      else await writeBuffer(target, source);
    },

    async read(path) {
      return readFile(absolutePath(path));
    },

    stream(path) {
      return createReadStream(absolutePath(path));
    },

    async exists(path) {
      try {
        return (await stat(absolutePath(path))).isFile();
      } catch (error) {
        if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return false;
        throw error;
      }
    },

    async remove(path) {
      try {
        await unlink(absolutePath(path));
      } catch (error) {
        if (!isErrno(error, 'ENOENT')) throw error;
      }
    },

    async removeTree(prefix) {
      await rm(absolutePath(prefix), { recursive: true, force: true });
    },

    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isErrno(error, 'ENOENT')) return [];
        throw error;
      });
      for (const entry of entries) {
        // A write in progress is a temp file beside its target; it is not a stored file yet. A link to a
        // file is read through (the scale bench's media are links to one photo).
        if (!(entry.isFile() || entry.isSymbolicLink()) || entry.name.startsWith('.tmp-')) continue;
        yield relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
      }
    },
  };
}
