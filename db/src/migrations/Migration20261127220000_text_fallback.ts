import { Migration } from '@mikro-orm/migrations';

/**
 * A text Twilio reports failed or undelivered goes by e-mail: the status callback records it in the outbox
 * (`text_failed`), whose relay starts the worker's fallback, so a crash between the two loses nothing.
 */
export class Migration20261127220000_text_fallback extends Migration {
  override name = 'Migration20261127220000_text_fallback';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(
      `alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "workflow_outbox" where "kind" = 'text_failed';`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(
      `alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue', 'billing_event', 'declined'));`,
    );
  }
}
