import { Migration } from '@mikro-orm/migrations';

export class Migration20261123224304_dispatch extends Migration {

  override name = 'Migration20261123224304_dispatch';

  override up(): void | Promise<void> {
    this.addSql(`create table "calendar_feeds" ("id" uuid not null, "property_id" uuid not null, "url" text not null, "etag" text null, "last_modified" text null, "reservations" jsonb null, "last_success_at" timestamptz null, "last_attempt_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "calendar_feeds_property_id_index" on "calendar_feeds" ("property_id");`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_property_id_url_unique" unique ("property_id", "url");`);

    this.addSql(`create table "run_events" ("id" uuid not null, "run_id" uuid not null, "kind" text not null, "key" varchar(255) not null default '', "detail" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "run_events_run_id_index" on "run_events" ("run_id");`);
    this.addSql(`alter table "run_events" add constraint "run_events_run_id_kind_key_unique" unique ("run_id", "kind", "key");`);

    this.addSql(`alter table "properties" add "timezone" varchar(255) not null default 'UTC', add "check_in_time" varchar(255) not null default '15:00', add "checkout_time" varchar(255) not null default '11:00', add "default_assignee_id" uuid null, add "backup_assignee_id" uuid null, add "calendar_urls" jsonb not null default '[]';`);
    this.addSql(`alter table "properties" add constraint "properties_default_assignee_id_foreign" foreign key ("default_assignee_id") references "team_members" ("id") on delete set null;`);
    this.addSql(`alter table "properties" add constraint "properties_backup_assignee_id_foreign" foreign key ("backup_assignee_id") references "team_members" ("id") on delete set null;`);

    this.addSql(`alter table "runs" drop constraint "runs_status_check";`);
    this.addSql(`alter table "runs" add "source" text not null default 'manual', add "reservation_uid" text null, add "checkout_at" timestamptz null, add "calendar_sync_key" varchar(255) null, add "calendar_change" text null, add "canceled_at" timestamptz null;`);
    this.addSql(`alter table "runs" add constraint "runs_property_reservation_unique" unique ("property_id", "reservation_uid");`);
    this.addSql(`alter table "runs" add constraint "runs_source_check" check ("source" in ('manual', 'calendar'));`);
    this.addSql(`alter table "runs" add constraint "runs_calendar_change_check" check ("calendar_change" in ('start', 'reschedule', 'cancel'));`);
    this.addSql(`alter table "runs" add constraint "runs_status_check" check ("status" in ('pending', 'in_progress', 'completed', 'canceled'));`);

    this.addSql(`alter table "alerts" drop constraint "alerts_kind_check";`);
    this.addSql(`alter table "alerts" add constraint "alerts_kind_check" check ("kind" in ('issue', 'overdue', 'at_risk', 'calendar'));`);

    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_property_id_foreign" foreign key ("property_id") references "properties" ("id") on delete cascade;`);

    this.addSql(`alter table "run_events" add constraint "run_events_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);
    this.addSql(`alter table "run_events" add constraint "run_events_kind_check" check ("kind" in ('link_sent', 'reminded', 'handed_over', 'host_alerted', 'overdue', 'rescheduled', 'canceled', 'completed', 'report_ready'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
    this.addSql(`drop table if exists "run_events" cascade;`);

    this.addSql(`alter table "properties" drop constraint "properties_default_assignee_id_foreign";`);
    this.addSql(`alter table "properties" drop constraint "properties_backup_assignee_id_foreign";`);

    this.addSql(`alter table "alerts" drop constraint "alerts_kind_check";`);
    this.addSql(`alter table "alerts" add constraint "alerts_kind_check" check ("kind" in ('issue', 'overdue'));`);

    this.addSql(`alter table "properties" drop column "timezone", drop column "check_in_time", drop column "checkout_time", drop column "default_assignee_id", drop column "backup_assignee_id", drop column "calendar_urls";`);

    this.addSql(`alter table "runs" drop constraint "runs_property_reservation_unique";`);
    this.addSql(`alter table "runs" drop constraint "runs_source_check";`);
    this.addSql(`alter table "runs" drop constraint "runs_calendar_change_check";`);
    this.addSql(`alter table "runs" drop constraint "runs_status_check";`);
    this.addSql(`alter table "runs" drop column "source", drop column "reservation_uid", drop column "checkout_at", drop column "calendar_sync_key", drop column "calendar_change", drop column "canceled_at";`);
    this.addSql(`alter table "runs" add constraint "runs_status_check" check ("status" in ('pending', 'in_progress', 'completed'));`);
  }

}
