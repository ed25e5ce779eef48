import { Migration } from '@mikro-orm/migrations';

/**
 * Text messages to cleaners (SMS, WhatsApp): each one sent, by its send key (once per run, notice and
 * channel), with Twilio's SID and delivery status; the cleaner's text replies in the run's timeline; and
 * the outbox message that tells a run's workflow its cleaner declined; when a number said STOP.
 */
export class Migration20261127171500_text_messages extends Migration {
  override name = 'Migration20261127171500_text_messages';

  override up(): void | Promise<void> {
    this.addSql(`create table "text_messages" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "users" ("id") on delete cascade,
      "run_id" uuid null references "runs" ("id") on delete cascade,
      "team_member_id" uuid null references "team_members" ("id") on delete set null,
      "send_key" text not null,
      "notice" text not null,
      "channel" text not null check ("channel" in ('sms', 'whatsapp')),
      "to_number" text not null,
      "asks_reply" boolean not null default false,
      "twilio_sid" text null,
      "status" text not null default 'sending',
      "error" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      primary key ("id"),
      constraint "text_messages_send_key_unique" unique ("send_key"),
      constraint "text_messages_twilio_sid_unique" unique ("twilio_sid"));`);
    this.addSql(`create index "text_messages_run_id_index" on "text_messages" ("run_id");`);
    this.addSql(`alter table "team_members" add "sms_opted_out_at" timestamptz null;`);
    this.addSql(`create index "text_messages_replies_index" on "text_messages" ("to_number", "created_at") where "asks_reply";`);
    this.addSql(`alter table "run_events" drop constraint "run_events_kind_check";`);
    this.addSql(
      `alter table "run_events" add constraint "run_events_kind_check" check ("kind" in ('link_sent', 'reminded', 'handed_over', 'host_alerted', 'overdue', 'rescheduled', 'canceled', 'completed', 'report_ready', 'accepted', 'declined'));`,
    );
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(
      `alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue', 'billing_event', 'declined'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "workflow_outbox" where "kind" = 'declined';`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(
      `alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in ('start_run', 'progress', 'issue', 'billing_event'));`,
    );
    this.addSql(`delete from "run_events" where "kind" in ('accepted', 'declined');`);
    this.addSql(`alter table "run_events" drop constraint "run_events_kind_check";`);
    this.addSql(
      `alter table "run_events" add constraint "run_events_kind_check" check ("kind" in ('link_sent', 'reminded', 'handed_over', 'host_alerted', 'overdue', 'rescheduled', 'canceled', 'completed', 'report_ready'));`,
    );
    this.addSql(`alter table "team_members" drop column "sms_opted_out_at";`);
    this.addSql(`drop table "text_messages";`);
  }
}
