import { readFile } from 'node:fs/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import { readChainHead, runsWithUnanchoredHeads, storeTimestampAnchor } from '@turnproof/db';
import { OutboundError, outboundRequest } from '../outbound-http.ts';
import { certificatesFromPem, checkTimestampReply, TimestampRefused, timestampQuery } from './rfc3161.ts';

export interface TimestampSettings {
  /** TSA_URL: the authorities, tried in order; empty: nothing is stamped. */
  urls: string[];
  /** TSA_CA_FILE: their roots; set, a token must chain to one. */
  caFile?: string;
  /** TSA_ALLOW_PRIVATE_ADDRESSES: authorities on private or loopback addresses (tests only). */
  allowPrivateAddresses: boolean;
}

export interface TimestampActivityDeps {
  orm: MikroORM;
  timestamps: TimestampSettings;
}

/** A token with its certificate is a few kilobytes; an answer past this is not a token. */
const MAX_REPLY_BYTES = 256 * 1024;
const REPLY_TIMEOUT_MS = 20_000;
/** Open runs stamped per hourly pass; the rest (changed longer ago) come first in the next. */
export const OPEN_RUNS_PER_PASS = 500;

/** One authority's token for the query, checked; throws with the reason when it has none. */
async function stampAt(url: string, settings: TimestampSettings, query: ReturnType<typeof timestampQuery>) {
  const answer = await outboundRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: query.der,
    maxBytes: MAX_REPLY_BYTES,
    timeoutMs: REPLY_TIMEOUT_MS,
    maxRedirects: 0,
    allowPrivateAddresses: settings.allowPrivateAddresses,
  });
  if (answer.status !== 200) throw new TimestampRefused(`${answer.url.hostname} answered ${answer.status}.`);
  const roots = settings.caFile ? certificatesFromPem(await readFile(settings.caFile, 'utf8')) : null;
  const { genTime } = await checkTimestampReply(answer.body, query, roots);
  return { token: answer.body, genTime };
}

/** RFC 3161 anchors of the capture logs' heads (docs/architecture.md, Timestamp anchors). */
export function createTimestampActivities(deps: TimestampActivityDeps) {
  const { orm, timestamps } = deps;
  return {
    /**
     * Has the run's current head stamped by the first authority that answers with a token that passes
     * every check, and stores it. A wrong or missing token from every authority fails the attempt (the
     * workflow retries); nothing unchecked is stored. Answers the anchored seq, or null when there is
     * nothing to do (no authority configured, an empty log).
     */
    async anchorCaptureHead(runId: string): Promise<{ seq: number } | null> {
      if (timestamps.urls.length === 0) return null;
      const em = orm.em.fork();
      const head = await readChainHead(em, runId);
      if (head.seq === 0) return null;
      const reasons: string[] = [];
      for (const url of timestamps.urls) {
        const query = timestampQuery(head.hash);
        try {
          const { token, genTime } = await stampAt(url, timestamps, query);
          await storeTimestampAnchor(em, runId, { head, stampedAt: genTime, tsaUrl: url, token });
          return { seq: head.seq };
        } catch (error) {
          if (!(error instanceof TimestampRefused || error instanceof OutboundError)) throw error;
          reasons.push(`${url}: ${error.message}`);
        }
      }
      throw new Error(`No time-stamping authority gave a valid token for run ${runId}. ${reasons.join(' ')}`);
    },

    /** The open runs whose head moved since their last anchor (none without an authority). */
    async runsToAnchor(): Promise<string[]> {
      if (timestamps.urls.length === 0) return [];
      return runsWithUnanchoredHeads(orm.em.fork(), OPEN_RUNS_PER_PASS);
    },
  };
}
