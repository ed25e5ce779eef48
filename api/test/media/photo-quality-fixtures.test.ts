import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { measureStoredPhoto } from '@turnproof/platform/photo-measures';
import { describe, expect, it } from 'vitest';

/** The fixture set the thresholds come from (scripts/make-photo-fixtures.ts made it). */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/photos');

describe('the photo-quality fixture set', async () => {
  const files = (await readdir(FIXTURES)).filter((file) => file.endsWith('.jpg')).sort();

  it('holds good, blurry and dark photos of several rooms', () => {
    for (const kind of ['good-', 'good-soft-', 'good-dim-', 'blurry-', 'dark-']) {
      expect(files.filter((file) => file.startsWith(kind)).length).toBeGreaterThanOrEqual(4);
    }
  });

  it.each(files)('%s gets the flag its name says', async (file) => {
    const expected = file.startsWith('blurry-') ? ['blurry'] : file.startsWith('dark-') ? ['dark'] : [];
    expect((await measureStoredPhoto(path.join(FIXTURES, file))).flags).toEqual(expected);
  });
});
