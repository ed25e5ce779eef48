import type { MikroORM } from '@mikro-orm/postgresql';
import { Gauge, type Registry } from 'prom-client';

/** What still waits for Temporal: a progress row counts while it holds a change not yet signalled. */
const PENDING = `
  select count(*)::int as pending,
         coalesce(extract(epoch from now() - min(created_at) filter (where kind <> 'progress')), 0)::float as oldest
  from workflow_outbox
  where kind <> 'progress' or revision > delivered_revision`;

interface Backlog {
  pending: number;
  oldest: number;
}

/**
 * The outbox's backlog, read from PostgreSQL at each scrape: a backlog that grows or ages means run
 * starts, progress and billing events are not reaching Temporal (the OutboxBacklog alert).
 */
export function registerOutboxGauges(registry: Registry, orm: MikroORM): void {
  let last: Promise<Backlog | undefined> | undefined;
  // Both gauges of one scrape share one query; with the database away they are left out rather than
  // failing the whole scrape (the API's other series matter most then).
  const read = () =>
    (last ??= orm.em
      .getConnection()
      .execute<Backlog[]>(PENDING)
      .then(
        (rows) => rows[0],
        () => undefined,
      )
      .finally(() => setTimeout(() => (last = undefined), 1_000).unref()));
  new Gauge({
    name: 'turnproof_outbox_pending_messages',
    help: 'Outbox messages (run starts, progress, issues, billing events) not yet delivered to Temporal',
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (backlog) this.set(backlog.pending);
      else this.reset();
    },
  });
  new Gauge({
    name: 'turnproof_outbox_oldest_pending_seconds',
    help: 'Age of the oldest undelivered outbox message (progress rows excluded: they are rewritten in place)',
    registers: [registry],
    async collect() {
      const backlog = await read();
      if (backlog) this.set(backlog.oldest);
      else this.reset();
    },
  });
}
