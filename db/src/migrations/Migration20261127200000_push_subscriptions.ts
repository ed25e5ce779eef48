import { Migration } from '@mikro-orm/migrations';

/**
 * Browser notifications (issue 25): each browser's Web Push subscription, a host's or a cleaner's (exactly
 * one of the two), gone with its owner; one row per push endpoint.
 */
export class Migration20261127200000_push_subscriptions extends Migration {
  override name = 'Migration20261127200000_push_subscriptions';

  override up(): void | Promise<void> {
    this.addSql(`create table "push_subscriptions" (
      "id" uuid not null default gen_random_uuid(),
      "endpoint" text not null,
      "p256dh" text not null,
      "auth" text not null,
      "user_id" uuid null references "users" ("id") on delete cascade,
      "team_member_id" uuid null references "team_members" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      primary key ("id"),
      constraint "push_subscriptions_endpoint_unique" unique ("endpoint"),
      constraint "push_subscriptions_one_receiver" check (("user_id" is null) <> ("team_member_id" is null)));`);
    this.addSql(`create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`);
    this.addSql(`create index "push_subscriptions_team_member_id_index" on "push_subscriptions" ("team_member_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "push_subscriptions";`);
  }
}
