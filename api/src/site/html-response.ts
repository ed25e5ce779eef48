import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppContext } from '../http/context.ts';

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encode(body: string): Encoded {
  const identity = Buffer.from(body);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity),
  };
}

const MAX_CACHED = 500;

/**
 * An app's sender of text bodies, compressed as the browser accepts; a body with a cache key is compressed
 * once (the site's pages are the same for every visitor in the same signed-in state). The cache is the
 * app's own: its pages name its origin.
 */
export function textSender() {
  const encodedCache = new Map<string, Encoded>();
  return function sendText(ctx: AppContext, type: string, body: string, cacheKey?: string): void {
    let encoded = cacheKey ? encodedCache.get(cacheKey) : undefined;
    if (!encoded) {
      encoded = encode(body);
      if (cacheKey) {
        if (encodedCache.size >= MAX_CACHED) encodedCache.clear();
        encodedCache.set(cacheKey, encoded);
      }
    }
    ctx.type = type;
    ctx.vary('Accept-Encoding');
    const accepted = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (accepted === 'br' || accepted === 'gzip') {
      ctx.set('Content-Encoding', accepted);
      ctx.body = encoded[accepted];
    } else {
      ctx.body = encoded.identity;
    }
  };
}
