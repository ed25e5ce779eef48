import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Media files on local disk under MEDIA_DIR. Every path is relative and POSIX-style, such as
 * `runs/<runId>/<runTaskId>/<uuid>-<name>`; a path that could leave MEDIA_DIR is refused.
 */
export type MediaStorage = {
  /** Atomic: readers see the old file or the whole new one. A string source is a temp file path, moved in. */
  write(path: string, source: Buffer | string): Promise<void>;
  read(path: string): Promise<Buffer>;
  stream(path: string): ReadStream;
  /** True when a regular file is stored at the path. */
  exists(path: string): Promise<boolean>;
  /** Idempotent: removing a missing file is not an error. */
  remove(path: string): Promise<void>;
  /** Removes a whole folder such as `runs/<runId>`; idempotent. */
  removeTree(prefix: string): Promise<void>;
  absolutePath(path: string): string;
};

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

export function createMediaStorage(mediaDir: string): MediaStorage {
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
  };
}
