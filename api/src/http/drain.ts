import type { Server } from 'node:http';

/**
 * How long requests in flight may go on once the API is asked to stop (below the compose file's
 * stop_grace_period of 30 s, so the process still closes its pools itself).
 */
export const DRAIN_TIMEOUT_MS = 20_000;

export interface Drainable {
  /**
   * Stops the server the way a rolling restart needs: no new connections (the balancer's next try goes
   * to another replica), every request in flight answered, and each keep-alive connection closed right
   * after its current answer instead of lingering until its keep-alive timeout (a request sent on it
   * then would race the close). Resolves once every connection is gone; connections still busy after
   * `timeoutMs` are cut (`cut: true`).
   */
  drain(timeoutMs?: number): Promise<{ cut: boolean }>;
}

/** Call before the server listens: it watches every answer, so a drain knows when a connection frees up. */
export function drainable(server: Server): Drainable {
  let draining = false;
  server.on('request', (_request, response) => {
    if (draining && !response.headersSent) response.setHeader('Connection', 'close');
    // An answer that was under way when the drain began leaves its connection idle: close it then.
    response.once('finish', () => {
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });
  return {
    drain(timeoutMs = DRAIN_TIMEOUT_MS) {
      draining = true;
      const closed = new Promise<{ cut: boolean }>((resolve) => server.close(() => resolve({ cut: false })));
      let timer: NodeJS.Timeout | undefined;
      const cut = new Promise<{ cut: boolean }>((resolve) => {
        timer = setTimeout(() => {
          server.closeAllConnections();
          resolve({ cut: true });
        }, timeoutMs);
      });
      return Promise.race([closed, cut]).finally(() => clearTimeout(timer));
    },
  };
}
