import { Migration } from '@mikro-orm/migrations';

export class Migration20261123223935_resilience_outbox extends Migration {

  override name = 'Migration20261123223935_resilience_outbox';

  override up(): void | Promise<void> {
    this.addSql(`create table "workflow_outbox" ("id" uuid not null, "run_id" uuid not null, "kind" text not null, "payload" jsonb null, "revision" int not null default 1, "delivered_revision" int not null default 0, "attempts" int not null default 0, "available_at" timestamptz not null default now(), "last_error" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "workflow_outbox_run_id_index" on "workflow_outbox" ("run_id");`);
    this.addSql(`create index "workflow_outbox_available_at_index" on "workflow_outbox" ("available_at");`);
    this.addSql(`create unique index "workflow_outbox_one_progress_per_run" on "workflow_outbox" ("run_id") where "kind" = 'progress';`);

    this.addSql(`alter table "reports" add "mail_status" text null, add "mail_error" text null;`);
    this.addSql(`alter table "reports" add constraint "reports_mail_status_check" check ("mail_status" in ('pending', 'sent', 'failed'));`);
    // Reports mailed before the mail became a step of its own.
    this.addSql(`update "reports" set "mail_status" = 'sent' where "emailed_at" is not null;`);

    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "workflow_outbox" cascade;`);

    this.addSql(`alter table "reports" drop constraint "reports_mail_status_check";`);
    this.addSql(`alter table "reports" drop column "mail_status", drop column "mail_error";`);
  }

}
