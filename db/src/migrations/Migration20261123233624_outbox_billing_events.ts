import { Migration } from '@mikro-orm/migrations';

export class Migration20261123233624_outbox_billing_events extends Migration {

  override name = 'Migration20261123233624_outbox_billing_events';

  override up(): void | Promise<void> {
    // (worker_checks has its own migration; this one also brings the schema snapshot up to date with it.)
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" alter column "run_id" drop not null;`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue', 'billing_event'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" alter column "run_id" set not null;`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue'));`);
  }

}
