import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** The backends ("127.0.0.1:port"), changed in place as replicas come and go. */
  backends: string[];
  /** Requests sent to `backend` and not yet answered in full. */
  inFlight(backend: string): number;
  /**
   * GET and HEAD requests sent again after their connection was reset before any answer: a connection
   * still in a stopping replica's accept queue when it closes its listener is reset by the kernel.
   */
  retriedAfterConnect(): number;
  close(): Promise<void>;
}

/** How long a request may look for a backend that accepts its connection. */
const RETRY_FOR_MS = 5_000;

/**
 * The smallest load balancer a rolling restart needs, behaving as the compose file's Caddy does with its
 * defaults: round robin over `backends`, one new upstream connection per request, a request whose
 * connection could not be made tried on the next backend, and a GET or HEAD whose connection broke
 * before an answer too. Any other failure is answered 502, so a POST a replica drops shows up.
 */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const inFlight = new Map<string, number>();
  let retriedAfterConnect = 0;
  const count = (backend: string, by: number) => inFlight.set(backend, (inFlight.get(backend) ?? 0) + by);
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      const backend = backends[next++ % backends.length]!;
      count(backend, 1);
      try {
        const answer = await forward(backend, incoming, body);
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.once('close', () => count(backend, -1));
        return;
      } catch (error) {
        count(backend, -1);
        const { cause, connected } = error as UpstreamFailure;
        // As Caddy's defaults (lb_retries, lb_retry_match): a failed dial is retried for any request, a
        // failure after it only for GET and HEAD, which may safely be sent twice.
        const retry = !connected || incoming.method === 'GET' || incoming.method === 'HEAD';
        if (retry && Date.now() < deadline) {
          if (connected) retriedAfterConnect += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        outgoing.writeHead(502, { 'Content-Type': 'text/plain' }).end(`upstream ${backend}: ${String(cause)}`);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    backends,
    inFlight: (backend) => inFlight.get(backend) ?? 0,
    retriedAfterConnect: () => retriedAfterConnect,
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}

interface UpstreamFailure {
  cause: unknown;
  /** Whether the TCP connection was up (the request may have reached the backend). */
  connected: boolean;
}

function forward(backend: string, incoming: IncomingMessage, body: Buffer): Promise<IncomingMessage> {
  const [host, port] = backend.split(':');
  return new Promise((resolve, reject) => {
    let connected = false;
    const upstream = request(
      {
        host,
        port: Number(port),
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, connection: 'close' },
        // No pooled upstream connections: a request never lands on a connection the backend is closing.
        agent: false,
      },
      resolve,
    );
    upstream.once('socket', (socket) => socket.once('connect', () => (connected = true)));
    upstream.once('error', (cause) => reject({ cause, connected } satisfies UpstreamFailure));
    upstream.end(body);
  });
}
