import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const FEED_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/** A feed could not be fetched; the message is the sentence the host reads on the property. */
export class FeedError extends Error {
  override name = 'FeedError';
}

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedAnswer = { notModified: true } | { notModified: false; body: string; validators: FeedValidators };

export interface FetchFeedOptions {
  /** False in production: a feed may not point at our own network. */
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Private, loopback, link-local and other addresses that are not the public Internet. */
function isPublicAddress(address: string): boolean {
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * Resolves like the system does, then refuses non-public addresses. The check runs on the address the
 * socket connects to, so a name that resolves differently the second time (DNS rebinding) cannot slip by.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      return callback(
        new FeedError(`The calendar address ${hostname} points to a private network address, which is not allowed.`),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/**
 * One sentence for every way a fetch fails (refused, timed out, reset, an HTTP error): telling them apart
 * would let anyone probe which ports of a public address answer.
 */
const unreachable = (url: URL) =>
  new FeedError(
    `The calendar at ${url.hostname} could not be fetched. Check that the address is the iCal export link of your booking calendar.`,
  );

function networkError(url: URL, error: Error): FeedError {
  return error instanceof FeedError ? error : unreachable(url);
}

/** Booking sites serve their feeds on the web's ports; any other port is refused (no port scans through us). */
const WEB_PORTS = new Set(['', '80', '443']);

/**
 * GETs an iCalendar feed: http or https only, a timeout, a size cap, conditional on the last ETag and
 * Last-Modified, at most three redirects, and (unless allowed) no private addresses.
 */
export async function fetchFeed(
  rawUrl: string,
  validators: FeedValidators,
  options: FetchFeedOptions,
  redirects = 0,
): Promise<FeedAnswer> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedError('Calendar URLs must start with http:// or https://.');
  }
  if (!options.allowPrivateAddresses && ipaddr.isValid(url.hostname.replace(/^\[|\]$/g, ''))) {
    if (!isPublicAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
      throw new FeedError(`The calendar address ${url.hostname} is a private network address, which is not allowed.`);
    }
  }
  if (!options.allowPrivateAddresses && !WEB_PORTS.has(url.port)) {
    throw new FeedError('Calendar addresses must use the standard web ports (80 for http, 443 for https).');
  }
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'Turnproof calendar sync',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;

  const response = await new Promise<{
    status: number;
    location?: string;
    body?: string;
    etag?: string;
    lastModified?: string;
  }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { headers, ...(options.allowPrivateAddresses ? {} : { lookup: guardedLookup }) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          return resolve({ status, location: res.headers.location });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(new FeedError(tooLarge(maxBytes)));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new FeedError(tooLarge(maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status,
            body: Buffer.concat(chunks).toString('utf8'),
            etag: res.headers.etag,
            lastModified: res.headers['last-modified'],
          }),
        );
        res.on('error', (error) => reject(networkError(url, error)));
      },
    );
    // A whole-request deadline: a server that drips bytes slowly is cut off too.
    const deadline = setTimeout(() => {
      request.destroy();
      reject(unreachable(url));
    }, timeoutMs);
    deadline.unref();
    request.on('close', () => clearTimeout(deadline));
    request.on('error', (error) => reject(networkError(url, error)));
  });

  if (response.status === 304) return { notModified: true };
  if ([301, 302, 303, 307, 308].includes(response.status) && response.location) {
    if (redirects >= MAX_REDIRECTS) throw new FeedError('The calendar address redirects too many times.');
    return fetchFeed(new URL(response.location, url).toString(), validators, options, redirects + 1);
  }
  if (response.status !== 200) {
    throw unreachable(url);
  }
  return {
    notModified: false,
    body: response.body ?? '',
    validators: { etag: response.etag ?? null, lastModified: response.lastModified ?? null },
  };
}

const tooLarge = (maxBytes: number) =>
  `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than a booking calendar should be.`;
