import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { signedMediaUrl } from '../../src/public/public-run-view.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * A browser that leaves while a file it asked for still streams (a photo, a PDF, an asset of a page left):
 * Koa's default error listener printed a bare 'Premature close' stack on stderr for it. The API logs one line
 * for the request instead, and prints nothing.
 */

let api: TestApi;
const logLines: { msg: string; request_id?: string; level: number }[] = [];

beforeAll(async () => {
  api = await startTestApi({
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    }),
  });
});
afterAll(() => api?.close());

it('logs a client that left mid-answer as one info line of its request, and prints no stack', async () => {
  // Larger than the sockets' buffers can hold while the client reads nothing.
  const filePath = `late-errors/${randomUUID()}.bin`;
  await api.storage.write(filePath, randomBytes(16 * 1024 * 1024));
  const link = new URL(signedMediaUrl({ origin: api.baseUrl, secretKey: api.config.SECRET_KEY }, filePath));
  const printed = vi.spyOn(console, 'error');

  const socket = connect(Number(link.port), link.hostname);
  socket.write(`GET ${link.pathname} HTTP/1.1\r\nHost: ${link.host}\r\nX-Request-Id: left-mid-answer\r\n\r\n`);
  // The answer's first bytes arrive; the client reads no more of it and goes.
  await new Promise((resolve) => socket.once('data', resolve));
  socket.pause();
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();

  await expect
    .poll(() => logLines.filter((line) => line.request_id === 'left-mid-answer').map((line) => [line.msg, line.level]))
    .toEqual([
      ['request', 30],
      ['the client left before the answer ended', 30],
    ]);
  expect(printed.mock.calls.flat().join('\n')).not.toContain('Premature close');
  printed.mockRestore();
  await api.storage.remove(filePath);
});
