import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkSpecTexts,
  fileLiterals,
  REPO_ROOT,
  SPEC_COPY_DIR,
  SPEC_FILES,
  SpecMissingError,
} from '../spec-texts/check.ts';
import { SPEC_TEXT_DIFFERENCES } from '../spec-texts/differences.ts';
import { appearsIn, quotedStrings, specTexts } from '../spec-texts/extract.ts';

describe('spec texts', () => {
  it('every quoted text of ../shared/spec is in the product or a documented difference (npm run spec:texts)', async () => {
    const report = await checkSpecTexts();
    expect(report.missing).toEqual([]);
    expect(report.staleDifferences).toEqual([]);
    expect(report.texts.length).toBeGreaterThan(150);
    expect(report.found.length + report.differences.length).toBe(report.texts.length);
    for (const entry of SPEC_TEXT_DIFFERENCES) expect(entry.reason.length).toBeGreaterThan(40);
  });

  const besideSpec = path.join(REPO_ROOT, '..', 'shared', 'spec');
  it.skipIf(!existsSync(besideSpec))(
    'keeps its copy in docs/spec word for word the same as ../shared/spec',
    async () => {
      for (const file of SPEC_FILES) {
        const copy = await readFile(path.join(SPEC_COPY_DIR, file), 'utf8');
        expect(copy, `docs/spec/${file} differs from ../shared/spec/${file}: copy it again`).toBe(
          await readFile(path.join(besideSpec, file), 'utf8'),
        );
      }
    },
  );

  it('takes quoted texts, keeps apostrophes inside words, and skips values that are no text', () => {
    const markdown =
      "Banner: 'You're offline. Photos will upload.'; roles 'admin' and 'Admin'; tag '{product}-offline-sync';\n" +
      "badge '99+', toast 'Run {status} ' and the hosts' list (not a quote). 'Sync failed: {message}'.";
    expect(quotedStrings(markdown)).toEqual([
      "You're offline. Photos will upload.",
      'admin',
      'Admin',
      '{product}-offline-sync',
      '99+',
      'Run {status} ',
      'Sync failed: {message}',
    ]);
    expect(specTexts([markdown])).toEqual([
      "You're offline. Photos will upload.",
      'Admin',
      'Run {status} ',
      'Sync failed: {message}',
    ]);
  });

  it('finds a text only in literals and JSX text, with interpolations for its placeholders', () => {
    const source = [
      '// Back online (a comment does not count)',
      "const a = 'Error loading properties';",
      'const b = `Showing ${shown} of ${total} properties`;',
      'const c = <p>You&apos;re all set! {name}</p>;',
      "const d = `${API_FAILURE[step]}: ${detail}`; const e = 'Task sync failed';",
      'const f = `Run ${id} · Report version ${version}`;',
    ].join('\n');
    const literals = fileLiterals('sample.tsx', source).join('\n');
    expect(appearsIn(literals, 'Back online')).toBe(false);
    expect(appearsIn(literals, 'Error')).toBe(false);
    expect(appearsIn(literals, 'Error loading properties')).toBe(true);
    expect(appearsIn(literals, 'Showing X of Y properties')).toBe(true);
    expect(appearsIn(literals, "You're all set!")).toBe(true);
    expect(appearsIn(literals, 'Task sync failed: {status} {text}')).toBe(true);
    expect(appearsIn(literals, 'Run {status} ')).toBe(false);
  });

  it('says where it looked when the spec is absent, rather than passing', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'no-spec-'));
    try {
      await expect(checkSpecTexts(empty)).rejects.toThrow(SpecMissingError);
      await expect(checkSpecTexts(empty)).rejects.toThrow(/product\.md, .*calls-and-constants\.md missing/);
      await writeFile(path.join(empty, 'product.md'), "A 'Made up text' only.");
      await writeFile(path.join(empty, 'calls-and-constants.md'), '');
      const report = await checkSpecTexts(empty);
      expect(report.missing).toEqual(['Made up text']);
    } finally {
      await rm(empty, { recursive: true });
    }
  });
});
