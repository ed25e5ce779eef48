import type { Client } from '@temporalio/client';
import type { Middleware } from 'koa';
import type { AppState } from './context.ts';

/** No request waits on Temporal longer than this; a call that needs longer sets its own deadline. */
export const TEMPORAL_REQUEST_DEADLINE_MS = 5_000;

/**
 * Every Temporal call a request makes carries a deadline, so an unreachable Temporal costs a request
 * seconds (and a 503), never minutes. Connection.withDeadline scopes it to the request's async context.
 */
export function temporalDeadline(temporal: Client): Middleware<AppState> {
  return (_ctx, next) => temporal.connection.withDeadline(Date.now() + TEMPORAL_REQUEST_DEADLINE_MS, next);
}
