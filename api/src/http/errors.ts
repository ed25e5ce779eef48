/**
 * Numbers and names a coded error's sentence carries, so a client can say it in its own language. `count`
 * is the number a sentence's plural follows.
 */
export type ErrorParams = Record<string, string | number>;

/**
 * An error a client caused or may see: its message is a human sentence in English sent as `{error}`, with a
 * stable machine-readable `code` (and its `params`) for errors people read in the console, which says them
 * in the host's language. Spec-named codes (INVALID_CODE) keep the spec's spelling; ours are snake_case.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string, params?: ErrorParams) =>
  new HttpError(400, message, {}, code, params);
export const unauthorized = (message = 'Authentication required', code?: string) =>
  new HttpError(401, message, {}, code);
export const forbidden = (message: string, code?: string, params?: ErrorParams) =>
  new HttpError(403, message, {}, code, params);
export const notFound = (message: string, code?: string) => new HttpError(404, message, {}, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, {}, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code?: string, params?: ErrorParams) =>
  new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) }, code, params);
export const serviceUnavailable = (message: string) => new HttpError(503, message);
export const codedError = (status: number, code: string, message: string, params?: ErrorParams) =>
  new HttpError(status, message, {}, code, params);
