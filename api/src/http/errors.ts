/**
 * An error a client caused or may see: its message is a human sentence sent as `{error}`, with a
 * machine-readable `code` where the spec names one (such as INVALID_CODE).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string) => new HttpError(503, message);
export const codedError = (status: number, code: string, message: string) => new HttpError(status, message, {}, code);
