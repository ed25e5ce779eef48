import { HttpError } from '../http/errors.ts';

/**
 * Where a plain form's refusal goes: back to its page with the error's code (and count, and field) in the
 * query, which the page says in its own language (console/src/auth/form-refusal.ts). A server's own failure
 * is not a refusal: it stays an error.
 */
export function refusalQuery(error: unknown): URLSearchParams {
  if (!(error instanceof HttpError) || error.status >= 500) throw error;
  const query = new URLSearchParams({ refused: error.code ?? 'invalid_input' });
  if (typeof error.params?.count === 'number') query.set('count', String(error.params.count));
  if (typeof error.params?.field === 'string') query.set('field', error.params.field);
  return query;
}
