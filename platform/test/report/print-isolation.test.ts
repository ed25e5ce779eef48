import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfRenderer } from '../../src/report/index.ts';
import { pdfText } from './report-fixtures.ts';

const renderer = createPdfRenderer();
const requests: string[] = [];
const server = createServer((request, response) => {
  requests.push(request.url ?? '');
  response.end('internal secret');
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await renderer.close();
  await new Promise((resolve) => server.close(resolve));
});

describe("Chromium's print context", () => {
  it('makes no network request, whatever the HTML asks for (no CSP in this document)', async () => {
    const html = `<!doctype html><title>probe</title>
      <link rel="stylesheet" href="${origin}/style.css">
      <img src="${origin}/image.png"><iframe src="${origin}/frame"></iframe>
      <video src="${origin}/video.mp4"></video>
      <p>A report whose escaping failed.</p>`;
    const pdf = await renderer.render(html);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(requests).toEqual([]);
  });

  it('prints a document from its file and loads no other file, nor anything from the network', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'print-isolation-'));
    try {
      await writeFile(join(folder, 'secret.txt'), 'a file beside the report');
      const file = join(folder, 'report.html');
      await writeFile(
        file,
        `<!doctype html><title>probe</title><img src="${origin}/image.png"><iframe src="secret.txt"></iframe>
        <iframe src="file:///etc/hostname"></iframe><p>A report printed from a file.</p>`,
      );
      const pdf = await renderer.renderFile(file);
      expect(await pdfText(pdf)).toContain('A report printed from a file.');
      expect(await pdfText(pdf)).not.toContain('a file beside the report');
      expect(requests).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps its page warm between documents, yet a document loads not even the file printed before it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'print-isolation-'));
    try {
      const first = join(folder, 'first.html');
      await writeFile(first, '<!doctype html><title>first</title><p>The first report.</p>');
      const second = join(folder, 'second.html');
      await writeFile(
        second,
        '<!doctype html><title>second</title><iframe src="first.html"></iframe><p>The second.</p>',
      );
      expect(await pdfText(await renderer.renderFile(first))).toContain('The first report.');
      const text = await pdfText(await renderer.renderFile(second));
      expect(text).toContain('The second.');
      expect(text).not.toContain('The first report.');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
