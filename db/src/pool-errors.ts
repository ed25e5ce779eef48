import type pg from 'pg';

/**
 * Keeps a connection the server drops (a restart, a failover, pg_terminate_backend) from ending the
 * process: pg reports it as an 'error' event, and an 'error' event nobody listens to is fatal. pg-pool
 * listens on idle clients only (and re-emits on the pool), so checked-out clients get a listener too.
 * The query in flight still fails on its own; the pool discards the client and the next query reconnects.
 * MikroORM's own pool does the same; this is for the pools we make ourselves.
 */
export function survivePoolErrors(pool: pg.Pool, warn: (message: string) => void = () => {}): pg.Pool {
  pool.on('connect', (client) => client.on('error', (error) => warn(`PostgreSQL connection error: ${error.message}`)));
  pool.on('error', (error) => warn(`PostgreSQL pool error: ${error.message}`));
  return pool;
}
