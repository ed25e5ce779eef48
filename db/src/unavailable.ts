/**
 * SQLSTATE classes and socket errors that mean "the database is not there right now" (a restart, a
 * failover, a terminated connection, a pool that cannot get a connection in time), as opposed to a
 * statement PostgreSQL refused. A request that meets one answers 503 and may be retried as it is.
 */
const unavailableCodes = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const unavailableMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

/** True when the error (or one it wraps) says the database could not be reached, not that it refused. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
