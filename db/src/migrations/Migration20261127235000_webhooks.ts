import { Migration } from '@mikro-orm/migrations';

/**
 * Signed webhooks: owners' endpoints (secret sealed with SECRET_KEY), the events announced to them and one
 * delivery per event and endpoint. A delivery's workflow is started through the outbox (`webhook`).
 */
export class Migration20261127235000_webhooks extends Migration {
  override name = 'Migration20261127235000_webhooks';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_endpoints" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "users" ("id") on delete cascade,
      "url" text not null,
      "events" jsonb not null,
      "secret_encrypted" text not null,
      "secret_prefix" text not null,
      "failing_since" timestamptz null,
      "disabled_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      primary key ("id"));`);
    this.addSql(`create index "webhook_endpoints_owner_id_index" on "webhook_endpoints" ("owner_id");`);
    this.addSql(`create table "webhook_events" (
      "id" text not null,
      "owner_id" uuid not null references "users" ("id") on delete cascade,
      "type" text check ("type" in ('run.created', 'run.completed', 'run.canceled', 'report.ready', 'issue.reported', 'review.approved', 'review.revision_requested')) not null,
      "payload" jsonb not null,
      "created_at" timestamptz not null default now(),
      primary key ("id"));`);
    this.addSql(`create index "webhook_events_owner_id_index" on "webhook_events" ("owner_id");`);
    this.addSql(`create table "webhook_deliveries" (
      "id" uuid not null default gen_random_uuid(),
      "event_id" text not null references "webhook_events" ("id") on delete cascade,
      "endpoint_id" uuid not null references "webhook_endpoints" ("id") on delete cascade,
      "status" text check ("status" in ('pending', 'succeeded', 'failed')) not null default 'pending',
      "attempts" int not null default 0,
      "last_response_code" int null,
      "last_error" text null,
      "last_attempt_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      primary key ("id"),
      constraint "webhook_deliveries_event_id_endpoint_id_unique" unique ("event_id", "endpoint_id"));`);
    this.addSql(
      `create index "webhook_deliveries_endpoint_id_created_at_index" on "webhook_deliveries" ("endpoint_id", "created_at");`,
    );
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(
      `alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed', 'webhook'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "workflow_outbox" where "kind" = 'webhook';`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(
      `alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed'));`,
    );
    this.addSql(`drop table "webhook_deliveries";`);
    this.addSql(`drop table "webhook_events";`);
    this.addSql(`drop table "webhook_endpoints";`);
  }
}
