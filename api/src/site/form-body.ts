import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';

const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * The fields of a plain HTML form POST (application/x-www-form-urlencoded): the site's forms work
 * without JavaScript. The API's own body parser reads JSON only.
 */
export async function readFormBody(ctx: AppContext): Promise<Record<string, string>> {
  if (!ctx.is('application/x-www-form-urlencoded')) return {};
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new HttpError(413, 'The form is too large.');
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}
