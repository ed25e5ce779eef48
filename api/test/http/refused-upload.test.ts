import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFUSED_BODY_DRAIN_BYTES } from '../../src/http/refused-body.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

/**
 * An upload refused while its client still sends (a dropped PDF over 10 MB): the answer is read by a client
 * that goes on sending, and its connection serves the next request. Closing the connection with the body
 * unread made the kernel reset it, and fetch failed with ECONNRESET before reading the 413 (n5's test, two
 * runs in three on a loaded machine).
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** Reads one HTTP/1.1 answer with a Content-Length from `socket`: its status, headers and body. */
function readAnswer(socket: Socket): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off('data', onData).off('close', onClose);
      resolve({
        status: Number(headers.split(' ')[1]),
        headers,
        body: received.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
    };
    const onClose = () => reject(new Error('the connection closed before the answer ended'));
    socket.on('data', onData).once('close', onClose);
  });
}

const write = (socket: Socket, bytes: Buffer | string) =>
  new Promise<void>((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));

function postPdfHead(socket: Socket, declaredBytes: number) {
  return write(
    socket,
    `POST /api/public/verify HTTP/1.1\r\nHost: ${new URL(api.baseUrl).host}\r\nContent-Type: application/pdf\r\n` +
      `Content-Length: ${declaredBytes}\r\n\r\n%PDF-1.7\n`,
  );
}

it('answers 413 to a PDF over 10 MB while it is sent, takes the rest of it, and answers the next request on the connection', async () => {
  const size = 11 * 1024 * 1024;
  const socket = connect(Number(new URL(api.baseUrl).port), '127.0.0.1');
  const refused = readAnswer(socket);
  await postPdfHead(socket, size);
  await write(socket, Buffer.alloc(64 * 1024, 0x20));

  // The answer comes before the client has sent most of the file…
  const answer = await refused;
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body).error).toMatch(/^This file is over 10 MB/);
  expect(answer.headers).not.toMatch(/\r\nconnection: close/i);
  // …which it goes on sending, as a browser or fetch does, without a reset.
  await write(socket, Buffer.alloc(size - 9 - 64 * 1024, 0x20));

  const next = readAnswer(socket);
  await write(socket, `GET /api/health/live HTTP/1.1\r\nHost: ${new URL(api.baseUrl).host}\r\n\r\n`);
  expect((await next).status).toBe(200);
  socket.destroy();
});

it('closes the connection after the 413 when the refused body is declared longer than it reads and throws away', async () => {
  const socket = connect(Number(new URL(api.baseUrl).port), '127.0.0.1');
  const refused = readAnswer(socket);
  await postPdfHead(socket, REFUSED_BODY_DRAIN_BYTES + 1);
  const answer = await refused;
  expect(answer.status).toBe(413);
  expect(answer.headers).toMatch(/\r\nconnection: close/i);
  socket.destroy();
});
