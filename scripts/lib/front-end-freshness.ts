import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What `npm run build:web` reads (console and runner with the shared config code) and what it writes. */
const APPS = ['console', 'runner-web'];
const SHARED_SOURCES = ['config/src', 'package-lock.json'];
const OUTPUTS = ['dist', 'dist-server'];
const NOT_SOURCES = new Set([...OUTPUTS, 'node_modules', 'test']);

/** The newest file below `file` (a folder's own time changes when a build replaces its output: not a source). */
async function newestChange(file: string): Promise<number> {
  const info = await stat(file);
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(file);
  const times = await Promise.all(
    entries.filter((entry) => !NOT_SOURCES.has(entry)).map((entry) => newestChange(path.join(file, entry))),
  );
  return Math.max(0, ...times);
}

async function oldestOutput(root: string): Promise<number> {
  const files = APPS.flatMap((app) => OUTPUTS.map((output) => path.join(root, app, output)));
  const times = await Promise.all(
    files.map((file) =>
      stat(file).then(
        (info) => info.mtimeMs,
        () => 0,
      ),
    ),
  );
  return Math.min(...times);
}

/**
 * Whether the built front ends are newer than every source they are built from, so `npm start` need not
 * build them again (a minute of both cores on this machine). A missing output is never fresh.
 */
export async function frontEndsAreFresh(root: string): Promise<boolean> {
  const sources = [...APPS, ...SHARED_SOURCES].map((source) => path.join(root, source));
  const newest = Math.max(...(await Promise.all(sources.map(newestChange))));
  return (await oldestOutput(root)) > newest;
}
