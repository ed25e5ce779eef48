import { Migration } from '@mikro-orm/migrations';

/**
 * Hours of a run: its pauses (at most one open per run), the work time without them (set at completion)
 * and the minutes a late checkout kept the cleaner waiting; and the `run.started` webhook event.
 */
export class Migration20261128000000_run_hours extends Migration {
  override name = 'Migration20261128000000_run_hours';

  override up(): void | Promise<void> {
    this.addSql(`alter table "runs" add "work_seconds" int null, add "late_checkout_minutes" int null;`);
    this.addSql(`create table "run_pauses" (
      "id" uuid not null default gen_random_uuid(),
      "run_id" uuid not null references "runs" ("id") on delete cascade,
      "paused_at" timestamptz not null,
      "resumed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      primary key ("id"));`);
    this.addSql(`create index "run_pauses_run_id_index" on "run_pauses" ("run_id");`);
    this.addSql(`create unique index "run_pauses_open_unique" on "run_pauses" ("run_id") where "resumed_at" is null;`);
    this.addSql(`alter table "webhook_events" drop constraint "webhook_events_type_check";`);
    this.addSql(`alter table "webhook_events" add constraint "webhook_events_type_check" check ("type" in
      ('run.created', 'run.started', 'run.completed', 'run.canceled', 'report.ready', 'issue.reported',
       'review.approved', 'review.revision_requested'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "webhook_events" where "type" = 'run.started';`);
    this.addSql(`alter table "webhook_events" drop constraint "webhook_events_type_check";`);
    this.addSql(`alter table "webhook_events" add constraint "webhook_events_type_check" check ("type" in
      ('run.created', 'run.completed', 'run.canceled', 'report.ready', 'issue.reported', 'review.approved',
       'review.revision_requested'));`);
    this.addSql(`drop table "run_pauses";`);
    this.addSql(`alter table "runs" drop column "work_seconds", drop column "late_checkout_minutes";`);
  }
}
