import { Migration } from '@mikro-orm/migrations';

/** The trace (W3C traceparent) of the request that wrote an outbox message: its delivery joins that trace. */
export class Migration20261128000500_outbox_trace_parent extends Migration {
  override name = 'Migration20261128000500_outbox_trace_parent';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workflow_outbox" add "trace_parent" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workflow_outbox" drop column "trace_parent";`);
  }
}
