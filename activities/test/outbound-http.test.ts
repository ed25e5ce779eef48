import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, outboundRequest, type OutboundRequest } from '../src/outbound-http.ts';

/** A real server on loopback; `hits` lists the paths it was asked for. */
async function localServer(handle: (path: string, response: ServerResponse) => void) {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    handle(request.url ?? '', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { hits, origin, close };
}

/** The reason an outbound request failed with (and its sentence), or 'fetched'. */
async function outcome(url: string, request: OutboundRequest) {
  try {
    const response = await outboundRequest(url, request);
    return { reason: 'fetched', status: response.status, body: response.body.toString() };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return { reason: error.reason, message: error.message };
  }
}

describe('the outbound HTTP client', () => {
  let inside: Awaited<ReturnType<typeof localServer>>;
  let feed: Awaited<ReturnType<typeof localServer>>;
  let bigBodyWritten = 0;
  let bigBodyClosedEarly = false;
  beforeAll(async () => {
    // A service on our own network, which no typed URL may reach.
    inside = await localServer((_path, response) => response.end('internal secret'));
    // The "public" server the tests allow by its origin, and nothing else on loopback.
    feed = await localServer((path, response) => {
      if (path === '/ok') return response.end('hello');
      if (path === '/to-inside') return response.writeHead(302, { location: `${inside.origin}/admin` }).end();
      if (path === '/to-localhost') return response.writeHead(302, { location: 'http://localhost/admin' }).end();
      if (path === '/to-metadata') {
        return response.writeHead(301, { location: 'http://[::ffff:169.254.169.254]/latest' }).end();
      }
      if (path.startsWith('/hop/')) {
        const left = Number(path.slice('/hop/'.length));
        return response.writeHead(307, { location: left > 1 ? `/hop/${left - 1}` : '/ok' }).end();
      }
      if (path === '/huge') {
        // 100 MB, written only as fast as the client reads.
        const chunk = Buffer.alloc(64 * 1024, 'A');
        response.on('close', () => (bigBodyClosedEarly = !response.writableFinished));
        const write = () => {
          while (bigBodyWritten < 100 * 1024 * 1024) {
            bigBodyWritten += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', write);
          }
          response.end();
        };
        return write();
      }
      if (path === '/declared-huge') {
        return response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end();
      }
      if (path === '/drip') {
        response.writeHead(200);
        const timer = setInterval(() => response.write('A'), 100);
        return response.on('close', () => clearInterval(timer));
      }
      // /silent: never answers.
    });
  });
  afterAll(() => Promise.all([inside.close(), feed.close()]));

  const limits = { maxBytes: 1024 * 1024, timeoutMs: 2_000 };
  const allowFeed = () => ({ ...limits, allowPrivateAddresses: [feed.origin] });
  const production = { ...limits, allowPrivateAddresses: false };

  it('reaches the server a test allows by its origin, and it only', async () => {
    expect(await outcome(`${feed.origin}/ok`, allowFeed())).toEqual({ reason: 'fetched', status: 200, body: 'hello' });
    expect(await outcome(`${inside.origin}/admin`, allowFeed())).toMatchObject({ reason: 'private-address' });
    expect(await outcome(`${feed.origin}/ok`, production)).toEqual({
      reason: 'private-address',
      message: 'The address 127.0.0.1 is a private network address, which is not allowed.',
    });
    expect(inside.hits).toEqual([]);
  });

  it('refuses loopback, private and link-local addresses, IPv4 and IPv6, IPv4-mapped included', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/', // 127.0.0.1 written as one number
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/', // carrier-grade NAT
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/', // 169.254.169.254, mapped
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1
      'https://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    ]) {
      expect(await outcome(url, production), url).toMatchObject({
        reason: 'private-address',
        message: expect.stringMatching(/is a private network address, which is not allowed\.$/),
      });
    }
  });

  it('checks a name on the address the socket connects to: localhost is refused', async () => {
    expect(await outcome('http://localhost/admin', production)).toEqual({
      reason: 'private-address',
      message: 'The address localhost points to a private network address, which is not allowed.',
    });
  });

  it('refuses a redirect to 127.0.0.1, to a private name and to a mapped link-local address; the target never sees it', async () => {
    expect(await outcome(`${feed.origin}/to-inside`, allowFeed())).toEqual({
      reason: 'private-address',
      message: 'The address 127.0.0.1 is a private network address, which is not allowed.',
    });
    expect(await outcome(`${feed.origin}/to-localhost`, allowFeed())).toMatchObject({
      reason: 'private-address',
      message: 'The address localhost points to a private network address, which is not allowed.',
    });
    expect(await outcome(`${feed.origin}/to-metadata`, allowFeed())).toMatchObject({ reason: 'private-address' });
    expect(inside.hits).toEqual([]);
  });

  it('follows three redirects and refuses the fourth', async () => {
    expect(await outcome(`${feed.origin}/hop/3`, allowFeed())).toMatchObject({ reason: 'fetched', body: 'hello' });
    expect(await outcome(`${feed.origin}/hop/4`, allowFeed())).toEqual({
      reason: 'redirects',
      message: '127.0.0.1 redirects too many times.',
    });
  });

  it('only the web ports: no probing of other services through us', async () => {
    expect(await outcome('http://calendar.example.com:22/', production)).toEqual({
      reason: 'port',
      message: 'Only the standard web ports (80 for http, 443 for https) are allowed.',
    });
    expect(await outcome('file:///etc/passwd', production)).toMatchObject({ reason: 'scheme' });
  });

  it('cuts an oversize body off with a sentence, and stops reading from the server', async () => {
    const cutOff = {
      reason: 'too-large',
      message: 'The answer from 127.0.0.1 was cut off: it is larger than 1,048,576 bytes, the limit for this request.',
    };
    expect(await outcome(`${feed.origin}/huge`, allowFeed())).toEqual(cutOff);
    await expect.poll(() => bigBodyClosedEarly).toBe(true);
    // The server could write no more than what sat in the socket buffers when we hung up.
    expect(bigBodyWritten).toBeLessThan(20 * 1024 * 1024);
    expect(await outcome(`${feed.origin}/declared-huge`, allowFeed())).toEqual(cutOff);
  });

  it('times a slow server out: one that drips its body, and one that never answers', async () => {
    for (const path of ['/drip', '/silent']) {
      const started = Date.now();
      expect(await outcome(`${feed.origin}${path}`, { ...allowFeed(), timeoutMs: 500 })).toEqual({
        reason: 'timeout',
        message: '127.0.0.1 did not answer in time.',
      });
      expect(Date.now() - started).toBeLessThan(1_500);
    }
  });
});
