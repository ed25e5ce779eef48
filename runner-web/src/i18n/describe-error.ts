import { MEDIA_STORAGE_FULL_MESSAGE } from '../offline/offline-db.ts';
import { RunnerApiError } from '../offline/runner-api.ts';
import { COMPRESSION_TIMEOUT_MESSAGE } from '../photos/compress-photo.ts';
import type { Messages } from './messages.ts';

/**
 * An error as the cleaner reads it, in the current language: our own failures are translated
 * ('Task sync failed: 503 ...'); the server's `{error}` sentence and the browser's text are shown as they are.
 */
export function describeError(t: Messages, error: unknown): string {
  if (error instanceof RunnerApiError) {
    return `${t.apiFailure[error.step]}: ${error.status ? `${error.status} ${error.text}` : t.networkError(error.text)}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (message === COMPRESSION_TIMEOUT_MESSAGE) return t.compressionTimeout;
  if (message === MEDIA_STORAGE_FULL_MESSAGE) return t.mediaStorageFull;
  return message;
}
