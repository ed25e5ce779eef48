import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_LENGTH, mediaKind, safeContentType, sanitiseFileName } from '../../src/media/file-name.ts';

describe('sanitiseFileName', () => {
  it.each([
    ['Crème Brûlée.JPG', 'creme-brulee.jpg'],
    ['My  Photo (1).HEIC', 'my-photo-1.heic'],
    ['IMG_2024.05.06.jpeg', 'img-2024.05.06.jpeg'],
    ['kitchen---sink__before.png', 'kitchen-sink-before.png'],
    ['  Bathroom  .webp  ', 'bathroom.webp'],
    ['Straße Œuvre Ærø Łódź.jpg', 'strasse-oeuvre-aero-lodz.jpg'],
    ['ﬁle①Ｂ.PNG', 'file1b.png'],
    ['🏠 Living room 🛋️.mp4', 'living-room.mp4'],
    ['Ünïcödé—名前.png', 'unicode.png'],
    ['İstanbul.jpg', 'istanbul.jpg'],
    ['a . - . b.jpg', 'a-b.jpg'],
    ['report..final...jpg', 'report.final.jpg'],
    ['archive.tar.gz', 'archive.tar.gz'],
    ['notes. final draft', 'notes-final-draft'],
    ['photo.', 'photo'],
    ['.jpg', 'file.jpg'],
    ['日本語.jpg', 'file.jpg'],
    ['README', 'readme'],
    ['', 'file'],
    ['...', 'file'],
    ['---', 'file'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\Ana\\Desktop\\Front Door.JPG', 'front-door.jpg'],
    ['photo.J P G', 'photo.j-p-g'],
  ])('%j -> %j', (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });

  it('caps long names at 100 characters and keeps the extension', () => {
    // The cut falls just after a hyphen, which is trimmed: 99 characters.
    expect(sanitiseFileName(`${'Very long room name '.repeat(20)}.jpeg`)).toBe(
      `${'very-long-room-name-'.repeat(4)}very-long-room.jpeg`,
    );
    expect(sanitiseFileName(`${'a'.repeat(300)}.png`)).toBe(`${'a'.repeat(96)}.png`);
    expect(sanitiseFileName('b'.repeat(300))).toBe('b'.repeat(100));
  });

  it('always gives a short, lower-case, ASCII-safe name', () => {
    const samples = ['Ä', '\u0000x.jpg', 'x\u202e.gpj', 'a/b\\c', '%2e%2e', '<script>.html', 'CON.jpg', '\t\n'];
    for (const sample of samples) {
      const name = sanitiseFileName(sample);
      expect(name).toMatch(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/);
      expect(name).not.toMatch(/--|\.\.|-\.|\.-/);
      expect(name.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
    }
  });

  it('is idempotent', () => {
    for (const sample of ['Crème Brûlée.JPG', 'My  Photo (1).HEIC', 'a . - . b.jpg', `${'x y '.repeat(60)}.mov`]) {
      const once = sanitiseFileName(sample);
      expect(sanitiseFileName(once)).toBe(once);
    }
  });
});

describe('mediaKind', () => {
  it.each([
    ['video/mp4', 'video'],
    ['Video/QuickTime', 'video'],
    [' video/webm ', 'video'],
    ['image/jpeg', 'photo'],
    ['application/octet-stream', 'photo'],
    ['', 'photo'],
  ] as const)('%j -> %s', (type, kind) => {
    expect(mediaKind(type)).toBe(kind);
  });
});

describe('safeContentType', () => {
  it.each([
    ['image/jpeg', 'image/jpeg'],
    ['IMAGE/WebP', 'image/webp'],
    ['video/mp4; codecs="avc1.42E01E"', 'video/mp4'],
    ['video/x-matroska', 'video/x-matroska'],
    [undefined, 'application/octet-stream'],
    ['', 'application/octet-stream'],
    ['   ', 'application/octet-stream'],
    ['image', 'application/octet-stream'],
    ['image/', 'application/octet-stream'],
    ['image/jpeg/x', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['text/html', 'application/octet-stream'],
    ['application/javascript', 'application/octet-stream'],
    ['image/jp eg', 'application/octet-stream'],
    ['image/jpeg\r\nX-Evil: 1', 'application/octet-stream'],
  ])('%j -> %j', (type, expected) => {
    expect(safeContentType(type)).toBe(expected);
  });
});
