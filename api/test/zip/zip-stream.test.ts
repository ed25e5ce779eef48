import { buffer } from 'node:stream/consumers';
import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { type ZipEntry, zipStream } from '../../src/zip/zip-stream.ts';

/** The classic end-of-central-directory record's entry count: 0xffff once ZIP64 has taken over. */
function classicEntryCount(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return zip.readUInt16LE(end + 10);
}

describe('zipStream', () => {
  it('writes deflated and stored entries, from strings, buffers, generators and lazily opened sources', async () => {
    const opened: string[] = [];
    async function* lines() {
      for (let i = 0; i < 1000; i += 1) yield `line ${i}\n`;
    }
    const entries: ZipEntry[] = [
      { name: 'README.txt', data: 'hello' },
      { name: 'data/lines.json', data: lines() },
      { name: 'media/photo.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0x00]), compress: false },
      {
        name: 'media/later.jpg',
        data: () => {
          opened.push('later');
          return lines();
        },
        compress: false,
      },
      { name: 'empty.txt', data: '' },
      { name: 'données/été.txt', data: 'utf-8 name' },
    ];
    const stream = zipStream(entries);
    expect(opened).toEqual([]);
    const zip = await JSZip.loadAsync(await buffer(stream));
    expect(Object.keys(zip.files)).toEqual(entries.map((entry) => entry.name));
    expect(await zip.file('README.txt')!.async('string')).toBe('hello');
    const expectedLines = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join('');
    expect(await zip.file('data/lines.json')!.async('string')).toBe(expectedLines);
    expect([...(await zip.file('media/photo.jpg')!.async('uint8array'))]).toEqual([0xff, 0xd8, 0xff, 0x00]);
    expect(await zip.file('media/later.jpg')!.async('string')).toBe(expectedLines);
    expect(await zip.file('empty.txt')!.async('string')).toBe('');
    expect(await zip.file('données/été.txt')!.async('string')).toBe('utf-8 name');
    expect(opened).toEqual(['later']);
  });

  it('writes a valid ZIP64 archive past 65,535 entries', async () => {
    const count = 70_000;
    function* tiny(): Generator<ZipEntry> {
      for (let i = 0; i < count; i += 1) yield { name: `m/${i}.txt`, data: String(i), compress: false };
    }
    const bytes = await buffer(zipStream(tiny()));
    expect(classicEntryCount(bytes)).toBe(0xffff);
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(count);
    expect(names.at(-1)).toBe(`m/${count - 1}.txt`);
    expect(await zip.file(`m/${count - 1}.txt`)!.async('string')).toBe(String(count - 1));
    expect(await zip.file('m/65536.txt')!.async('string')).toBe('65536');
  });

  it('ends its source when the reader goes away', async () => {
    let finished = false;
    async function* endless(): AsyncGenerator<ZipEntry> {
      try {
        for (let i = 0; ; i += 1) yield { name: `f/${i}`, data: 'x'.repeat(10_000) };
      } finally {
        finished = true;
      }
    }
    const stream = zipStream(endless());
    for await (const chunk of stream) {
      expect(chunk).toBeInstanceOf(Buffer);
      break;
    }
    await vi.waitFor(() => expect(finished).toBe(true));
  });
});
