import { readFile, stat } from 'node:fs/promises';
import { inlineScriptHashes } from './security-headers.ts';

/**
 * The CSP hashes of the inline scripts of our own page templates: the built front ends' index.html
 * files (read again after a rebuild, like the server render's template) and pages the API writes from
 * fixed markup. Computed from the templates, never from a served page, so nothing a page shows can
 * earn its way into the policy.
 */
export function templateScriptHashes({
  templateFiles,
  fixedPages,
}: {
  /** A front end that is not built simply adds nothing. */
  templateFiles: string[];
  fixedPages: string[];
}): () => Promise<string[]> {
  const fixed = fixedPages.flatMap(inlineScriptHashes);
  const read = new Map<string, { modifiedMs: number; hashes: Promise<string[]> }>();
  const hashesOf = async (file: string): Promise<string[]> => {
    const info = await stat(file).catch(() => null);
    if (!info) return [];
    let cached = read.get(file);
    if (cached?.modifiedMs !== info.mtimeMs) {
      cached = { modifiedMs: info.mtimeMs, hashes: readFile(file, 'utf8').then(inlineScriptHashes, () => []) };
      read.set(file, cached);
    }
    return cached.hashes;
  };
  return async () => [...new Set([...(await Promise.all(templateFiles.map(hashesOf))).flat(), ...fixed])];
}
