import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediaStorage } from '../src/media-storage.ts';

const runPath = 'runs/run-1/task-1/0b7c-kitchen.jpg';

/** A RAM disk is another device than the temp folder on most Linux hosts: a real cross-device move. */
const otherDevice =
  existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev ? '/dev/shm' : undefined;

describe('createMediaStorage', () => {
  let mediaDir: string;
  let scratch: string;
  let storage: ReturnType<typeof createMediaStorage>;

  beforeEach(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'turnproof-media-'));
    scratch = await mkdtemp(join(tmpdir(), 'turnproof-upload-'));
    storage = createMediaStorage(mediaDir);
  });

  afterEach(async () => {
    await rm(mediaDir, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  });

  it('writes a buffer, creating folders, and reads it back', async () => {
    await storage.write(runPath, Buffer.from('photo bytes'));
    expect((await storage.read(runPath)).toString()).toBe('photo bytes');
    expect(await readFile(join(mediaDir, 'runs/run-1/task-1/0b7c-kitchen.jpg'), 'utf8')).toBe('photo bytes');
    expect(await storage.exists(runPath)).toBe(true);
  });

  it('replaces an existing file and leaves no temp files behind', async () => {
    await storage.write(runPath, Buffer.from('first'));
    await storage.write(runPath, Buffer.from('second'));
    expect((await storage.read(runPath)).toString()).toBe('second');
    expect(await readdir(join(mediaDir, 'runs/run-1/task-1'))).toEqual(['0b7c-kitchen.jpg']);
  });

  it('moves a temp file in when given its path', async () => {
    const upload = join(scratch, 'upload.part');
    await writeFile(upload, 'uploaded video');
    await storage.write(runPath, upload);
    expect((await storage.read(runPath)).toString()).toBe('uploaded video');
    expect(existsSync(upload)).toBe(false);
  });

  it.skipIf(!otherDevice)('moves a temp file in from another device (copy, then unlink)', async () => {
    const elsewhere = await mkdtemp(join(otherDevice ?? tmpdir(), 'turnproof-upload-'));
    try {
      const upload = join(elsewhere, 'upload.part');
      await writeFile(upload, 'from another device');
      await storage.write(runPath, upload);
      expect((await storage.read(runPath)).toString()).toBe('from another device');
      expect(existsSync(upload)).toBe(false);
      expect(await readdir(join(mediaDir, 'runs/run-1/task-1'))).toEqual(['0b7c-kitchen.jpg']);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('fails when the temp file to move in does not exist, writing nothing', async () => {
    await expect(storage.write(runPath, join(scratch, 'missing.part'))).rejects.toThrow(/ENOENT/);
    expect(await storage.exists(runPath)).toBe(false);
  });

  it('streams a stored file', async () => {
    await storage.write(runPath, Buffer.from('streamed'));
    expect(await text(storage.stream(runPath))).toBe('streamed');
  });

  it('reports missing files and folders as not existing', async () => {
    expect(await storage.exists(runPath)).toBe(false);
    await storage.write(runPath, Buffer.from('x'));
    expect(await storage.exists('runs/run-1')).toBe(false);
    expect(await storage.exists(`${runPath}/below-a-file`)).toBe(false);
  });

  it('removes a file, and removing it again is fine', async () => {
    await storage.write(runPath, Buffer.from('x'));
    await storage.remove(runPath);
    expect(await storage.exists(runPath)).toBe(false);
    await expect(storage.remove(runPath)).resolves.toBeUndefined();
  });

  it('removes a whole run folder and nothing else', async () => {
    await storage.write('runs/run-1/task-1/a.jpg', Buffer.from('a'));
    await storage.write('runs/run-1/task-2/b.jpg', Buffer.from('b'));
    await storage.write('runs/run-2/task-1/c.jpg', Buffer.from('c'));
    await storage.removeTree('runs/run-1');
    expect(await readdir(join(mediaDir, 'runs'))).toEqual(['run-2']);
    expect(await storage.exists('runs/run-2/task-1/c.jpg')).toBe(true);
    await expect(storage.removeTree('runs/run-1')).resolves.toBeUndefined();
  });

  it('lists every stored file for a backup, not a write in progress', async () => {
    const listed = async () => {
      const paths: string[] = [];
      for await (const path of storage.list()) paths.push(path);
      return paths.sort();
    };
    expect(await listed()).toEqual([]);
    await storage.write(runPath, Buffer.from('a'));
    await storage.write('reports/run-1/v1.pdf', Buffer.from('b'));
    await writeFile(join(mediaDir, 'runs/run-1/task-1/.tmp-1234'), 'half');
    expect(await listed()).toEqual(['reports/run-1/v1.pdf', runPath]);
  });

  it('gives the absolute path inside the media folder', () => {
    expect(storage.absolutePath(runPath)).toBe(join(mediaDir, 'runs', 'run-1', 'task-1', '0b7c-kitchen.jpg'));
  });

  it.each([
    '../outside.jpg',
    'runs/../../outside.jpg',
    'runs/run-1/..',
    '/etc/passwd',
    'runs//x.jpg',
    './runs/x.jpg',
    'runs/x.jpg/',
    'runs\\..\\x.jpg',
    'runs/x\0.jpg',
    'C:/x.jpg',
    '',
  ])('refuses the path %j', async (path) => {
    expect(() => storage.absolutePath(path)).toThrow(Error);
    expect(() => storage.stream(path)).toThrow(Error);
    await expect(storage.write(path, Buffer.from('x'))).rejects.toThrow(Error);
    await expect(storage.read(path)).rejects.toThrow(Error);
    await expect(storage.exists(path)).rejects.toThrow(Error);
    await expect(storage.remove(path)).rejects.toThrow(Error);
    await expect(storage.removeTree(path)).rejects.toThrow(Error);
  });

  it('never removes the media folder itself', async () => {
    await storage.write(runPath, Buffer.from('x'));
    await expect(storage.removeTree('')).rejects.toThrow(Error);
    await expect(storage.removeTree('.')).rejects.toThrow(Error);
    expect(await storage.exists(runPath)).toBe(true);
  });
});
