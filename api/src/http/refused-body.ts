import type { IncomingMessage } from 'node:http';

/** The most of a refused upload read and thrown away so that its client can finish sending and read the answer. */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * For an error answer to a request whose body was not read to its end (an upload refused before or while it
 * came in). Closing the connection while its bytes still arrive makes the kernel reset it, and a client still
 * sending then fails its request before it reads the answer (the reason for nginx's lingering close and for
 * Go's net/http reading on). So the rest of the body is read and thrown away and the connection stays open
 * for the client's next request. A body declared or found longer than REFUSED_BODY_DRAIN_BYTES is not waited
 * for: its connection closes (returns false, and the caller says so in the answer).
 */
export function discardRefusedBody(request: IncomingMessage): boolean {
  if (request.destroyed || Number(request.headers['content-length'] ?? 0) > REFUSED_BODY_DRAIN_BYTES) return false;
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > REFUSED_BODY_DRAIN_BYTES) request.socket.destroy();
  });
  request.resume();
  return true;
}
