import { lookup } from 'node:dns/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { isPublicAddress } from '@turnproof/platform/public-address';
import { Agent, buildConnector } from 'undici';

export { isPublicAddress };

/**
 * The one HTTP client for every URL someone typed (calendar feeds today; webhooks, timestamping and SMS
 * providers when they come): public addresses on the web's ports only, checked on the address each
 * socket connects to, every redirect checked again, and a deadline and a size cap on every exchange.
 */

/** Why a request was refused or failed; each caller turns it into its own sentence. */
export type OutboundFailure =
  'scheme' | 'port' | 'private-address' | 'redirects' | 'too-large' | 'timeout' | 'unreachable';

export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly reason: OutboundFailure,
    /** The host the refused or failed request was for (after redirects). */
    readonly hostname: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface OutboundRequest {
  /**
   * Private, loopback and link-local addresses (on any port) this request may reach, for tests and local
   * use only: `true` any of them, a list only those origins (a test's own server). Every caller says
   * which it wants; nothing turns it on by default.
   */
  allowPrivateAddresses: boolean | readonly string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The response body is read up to this many bytes; a larger one fails the request. */
  maxBytes: number;
  /** The whole exchange, redirects and body included: a server that drips bytes is cut off too. */
  timeoutMs: number;
  /** Redirects followed (GET only; other methods get the 3xx answer). */
  maxRedirects?: number;
}

export interface OutboundResponse {
  /** Where the answer came from, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Anything typed is fetched from the web's ports: no probing of other services' ports through us. */
const WEB_PORTS = new Set(['', '80', '443']);

/** A URL's hostname without the brackets of an IPv6 literal. */
const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

const privateAddress = (hostname: string, resolved: boolean) =>
  new OutboundError(
    'private-address',
    hostname,
    resolved
      ? `The address ${hostname} points to a private network address, which is not allowed.`
      : `The address ${hostname} is a private network address, which is not allowed.`,
  );

/** The address a socket may connect to: the literal itself, or the first of the name's addresses if all are public. */
async function publicAddressOf(hostname: string): Promise<string> {
  const bare = bareHost(hostname);
  if (isIP(bare)) {
    if (!isPublicAddress(bare)) throw privateAddress(hostname, false);
    return bare;
  }
  const addresses = await lookup(bare, { all: true }).catch((error: Error) => {
    throw new OutboundError('unreachable', hostname, `${hostname} could not be resolved.`, { cause: error });
  });
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw privateAddress(hostname, true);
  }
  return addresses[0]!.address;
}

/**
 * Resolves, checks and connects in one step, to the very address that was checked: a name that answers
 * differently the second time (DNS rebinding) cannot slip a private address in between. TLS still
 * verifies the certificate against the name.
 */
function guardedConnector(): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) => {
    publicAddressOf(options.hostname).then(
      (address) => {
        const bare = bareHost(options.hostname);
        connect({ ...options, hostname: address, servername: isIP(bare) ? undefined : bare }, callback);
      },
      (error: Error) => callback(error, null),
    );
  };
}

// One connection pool for guarded requests and one for allowed local ones, made when first used.
const dispatchers = new Map<boolean, Agent>();
function dispatcherFor(guarded: boolean): Agent {
  let dispatcher = dispatchers.get(guarded);
  if (!dispatcher) {
    dispatcher = new Agent(guarded ? { connect: guardedConnector() } : {});
    dispatchers.set(guarded, dispatcher);
  }
  return dispatcher;
}

/** Whether a request to this URL skips the address and port checks (see OutboundRequest). */
const allowedPrivate = (url: URL, allowPrivateAddresses: boolean | readonly string[]) =>
  allowPrivateAddresses === true ||
  (Array.isArray(allowPrivateAddresses) && allowPrivateAddresses.includes(url.origin));

/**
 * The checks a URL passes before any connection: http(s), then (unless local use is allowed) no private
 * address literal, and the web's ports. Names are checked when the socket connects.
 */
function target(rawUrl: string, allowPrivateAddresses: boolean | readonly string[]): URL {
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new OutboundError('scheme', url?.hostname ?? '', 'Only http:// and https:// addresses can be fetched.');
  }
  if (allowedPrivate(url, allowPrivateAddresses)) return url;
  const bare = bareHost(url.hostname);
  if (isIP(bare) && !isPublicAddress(bare)) throw privateAddress(url.hostname, false);
  if (!WEB_PORTS.has(url.port)) {
    throw new OutboundError(
      'port',
      url.hostname,
      'Only the standard web ports (80 for http, 443 for https) are allowed.',
    );
  }
  return url;
}

/** Credentials written into the URL (https://user:pass@host/) go as Basic auth, to that origin only. */
function credentialsOf(url: URL): Record<string, string> {
  if (!url.username && !url.password) return {};
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

/** Drops the rest of an answer; undici reports that abort as an error, which nobody needs to hear. */
function discard(body: Readable) {
  body.on('error', () => {});
  body.destroy();
}

async function readCapped(body: Readable, maxBytes: number, url: URL) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      discard(body);
      throw tooLarge(url, maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (url: URL, maxBytes: number) =>
  new OutboundError(
    'too-large',
    url.hostname,
    `The answer from ${url.hostname} was cut off: it is larger than ${maxBytes.toLocaleString('en-US')} bytes, the limit for this request.`,
  );

/** Every failure on the way becomes an OutboundError: ours as they are, the deadline, or "unreachable". */
function asOutboundError(error: unknown, url: URL, deadline: AbortSignal): OutboundError {
  const cause = error instanceof Error && error.cause instanceof OutboundError ? error.cause : error;
  if (cause instanceof OutboundError) return cause;
  if (deadline.aborted) {
    return new OutboundError('timeout', url.hostname, `${url.hostname} did not answer in time.`, { cause: error });
  }
  return new OutboundError('unreachable', url.hostname, `${url.hostname} could not be reached.`, { cause: error });
}

/** Sends one request (following redirects for GET) and reads the whole answer, within the request's limits. */
export async function outboundRequest(rawUrl: string, request: OutboundRequest): Promise<OutboundResponse> {
  const method = request.method ?? 'GET';
  const maxRedirects = request.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(request.timeoutMs);
  let url = target(rawUrl, request.allowPrivateAddresses);
  const firstOrigin = url.origin;
  for (let redirects = 0; ; redirects++) {
    // Headers the caller set (an Authorization, say) go to the first origin only.
    const headers = url.origin === firstOrigin ? { ...credentialsOf(url), ...request.headers } : {};
    try {
      const answer = await dispatcherFor(!allowedPrivate(url, request.allowPrivateAddresses)).request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method,
        headers,
        body: request.body,
        signal: deadline,
      });
      const location = answer.headers.location;
      if (method === 'GET' && REDIRECT_STATUSES.has(answer.statusCode) && typeof location === 'string') {
        discard(answer.body);
        if (redirects >= maxRedirects) {
          throw new OutboundError('redirects', url.hostname, `${url.hostname} redirects too many times.`);
        }
        url = target(new URL(location, url).toString(), request.allowPrivateAddresses);
        continue;
      }
      const declared = Number(answer.headers['content-length'] ?? 0);
      if (declared > request.maxBytes) {
        discard(answer.body);
        throw tooLarge(url, request.maxBytes);
      }
      const body = await readCapped(answer.body, request.maxBytes, url);
      return { url, status: answer.statusCode, headers: answer.headers, body };
    } catch (error) {
      throw asOutboundError(error, url, deadline);
    }
  }
}
