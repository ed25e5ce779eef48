import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AppContext } from './context.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page rendered on the server, in the encoding the browser takes: a 25-task run is some 30 KB of HTML
 * and JSON, a fifth of that compressed, on the slow mobile links the runner is made for. (The built files
 * are precompressed.)
 */
export async function sendCompressedHtml(ctx: AppContext, html: string): Promise<void> {
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzipped(html);
  } else {
    ctx.body = html;
  }
  ctx.type = 'html';
}
