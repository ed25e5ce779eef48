import { OutboundError, outboundRequest } from '../outbound-http.ts';

export const FEED_MAX_BYTES = 5 * 1024 * 1024;
const FEED_TIMEOUT_MS = 15_000;

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

/**
 * One sentence for every way a fetch fails (refused, timed out, reset, an HTTP error): telling them apart
 * would let anyone probe which ports of a public address answer.
 */
const unreachable = (hostname: string) =>
  new FeedError(
    `The calendar at ${hostname} could not be fetched. Check that the address is the iCal export link of your booking calendar.`,
  );

const tooLarge = (maxBytes: number) =>
  `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than a booking calendar should be.`;

/** The outbound client's refusal, in the words the host reads on the property's calendar status. */
function feedError(error: OutboundError, maxBytes: number): FeedError {
  switch (error.reason) {
    case 'scheme':
      return new FeedError('Calendar URLs must start with http:// or https://.');
    case 'port':
      return new FeedError('Calendar addresses must use the standard web ports (80 for http, 443 for https).');
    case 'private-address':
      return new FeedError(error.message.replace(/^The address/, 'The calendar address'));
    case 'redirects':
      return new FeedError('The calendar address redirects too many times.');
    case 'too-large':
      return new FeedError(tooLarge(maxBytes));
    default:
      return unreachable(error.hostname);
  }
}

/**
 * GETs an iCalendar feed through the outbound client (public addresses on the web's ports, at most three
 * redirects, each checked), conditional on the last ETag and Last-Modified, within a deadline and a size cap.
 */
export async function fetchFeed(
  rawUrl: string,
  validators: FeedValidators,
  options: FetchFeedOptions,
): Promise<FeedAnswer> {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'Turnproof calendar sync',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;

  const response = await outboundRequest(rawUrl, {
    allowPrivateAddresses: options.allowPrivateAddresses,
    headers,
    maxBytes,
    timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
  }).catch((error: unknown) => {
    throw error instanceof OutboundError ? feedError(error, maxBytes) : error;
  });
  if (response.status === 304) return { notModified: true };
  if (response.status !== 200) throw unreachable(response.url.hostname);
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' ? value : null;
  };
  return {
    notModified: false,
    body: response.body.toString('utf8'),
    validators: { etag: header('etag'), lastModified: header('last-modified') },
  };
}
