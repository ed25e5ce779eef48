import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export interface StaticServer {
  origin: string;
  /** Serves `body` at `path` (e.g. '/fixtures/photo.jpg'), ahead of the directory. */
  add(path: string, body: Uint8Array, contentType: string): void;
  close(): Promise<void>;
}

/** A small HTTP server for a built page (`dir`) plus in-memory fixtures, on 127.0.0.1 and a free port. */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = normalize(dir);
  const extra = new Map<string, { body: Uint8Array; contentType: string }>();
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const fixture = extra.get(path);
    if (fixture) {
      response.writeHead(200, { 'content-type': fixture.contentType, 'content-length': fixture.body.byteLength });
      response.end(fixture.body);
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    add: (path, body, contentType) => extra.set(path, { body, contentType }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
