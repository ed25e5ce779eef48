import { Migration } from '@mikro-orm/migrations';

/**
 * Work orders for vendors: the order with its magic link (hashed token, sealed link), the vendor's photos of
 * the fix and the vendor's applied action ids; the `work_order` outbox kind that starts a work order's
 * reminders; and the three work_order.* webhook events.
 */
export class Migration20261128010000_work_orders extends Migration {
  override name = 'Migration20261128010000_work_orders';

  override up(): void | Promise<void> {
    this.addSql(`create table "work_orders" (
      "id" uuid not null, "owner_id" uuid not null references "users" ("id") on delete cascade,
      "property_id" uuid not null references "properties" ("id") on delete cascade,
      "issue_id" uuid null references "alerts" ("id") on delete set null,
      "title" varchar(255) not null, "description" text null, "vendor_name" varchar(255) not null,
      "vendor_email" varchar(255) null, "vendor_phone" varchar(255) null, "due_at" timestamptz null,
      "cost_limit_cents" int null,
      "status" text not null default 'open' check ("status" in ('open', 'in_progress', 'done', 'approved')),
      "completion_note" text null, "cost_cents" int null, "completed_at" timestamptz null,
      "approved_at" timestamptz null, "sent_back_note" text null, "sent_back_at" timestamptz null,
      "token_hash" varchar(255) not null, "link_encrypted" text not null, "link_revoked_at" timestamptz null,
      "created_at" timestamptz not null, "updated_at" timestamptz not null,
      primary key ("id"), constraint "work_orders_token_hash_unique" unique ("token_hash"));`);
    this.addSql(`create index "work_orders_owner_id_index" on "work_orders" ("owner_id");`);
    this.addSql(`create index "work_orders_property_id_index" on "work_orders" ("property_id");`);
    this.addSql(`create index "work_orders_issue_id_index" on "work_orders" ("issue_id");`);
    this.addSql(`create table "work_order_photos" (
      "id" uuid not null, "work_order_id" uuid not null references "work_orders" ("id") on delete cascade,
      "path" text not null, "thumbnail_path" text null, "content_type" varchar(255) not null, "size" int not null,
      "created_at" timestamptz not null,
      primary key ("id"), constraint "work_order_photos_path_unique" unique ("path"));`);
    this.addSql(`create index "work_order_photos_work_order_id_index" on "work_order_photos" ("work_order_id");`);
    this.addSql(`create table "work_order_actions" (
      "action_id" varchar(255) not null, "work_order_id" uuid not null references "work_orders" ("id") on delete cascade,
      "kind" varchar(255) not null, "response" jsonb null, "created_at" timestamptz not null, primary key ("action_id"));`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in
      ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed', 'webhook', 'work_order'));`);
    this.addSql(`alter table "webhook_events" drop constraint "webhook_events_type_check";`);
    this.addSql(`alter table "webhook_events" add constraint "webhook_events_type_check" check ("type" in
      ('run.created', 'run.started', 'run.completed', 'run.canceled', 'report.ready', 'issue.reported',
       'review.approved', 'review.revision_requested', 'work_order.created', 'work_order.completed',
       'work_order.approved'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "webhook_events" where "type" like 'work_order.%';`);
    this.addSql(`alter table "webhook_events" drop constraint "webhook_events_type_check";`);
    this.addSql(`alter table "webhook_events" add constraint "webhook_events_type_check" check ("type" in
      ('run.created', 'run.started', 'run.completed', 'run.canceled', 'report.ready', 'issue.reported',
       'review.approved', 'review.revision_requested'));`);
    this.addSql(`delete from "workflow_outbox" where "kind" = 'work_order';`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in
      ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed', 'webhook'));`);
    this.addSql(`drop table "work_order_actions";`);
    this.addSql(`drop table "work_order_photos";`);
    this.addSql(`drop table "work_orders";`);
  }
}
