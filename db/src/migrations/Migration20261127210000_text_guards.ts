import { Migration } from '@mikro-orm/migrations';

/**
 * Guard rails on texts: a text held by quiet hours waits with its time and its body sealed (it is sent
 * then); a text a guard refused (the month's allowance, the number's hourly limit) says which, with its
 * numbers. The indexes serve the per-owner monthly count, the per-number hourly count and the release.
 */
export class Migration20261127210000_text_guards extends Migration {
  override name = 'Migration20261127210000_text_guards';

  override up(): void | Promise<void> {
    this.addSql(`alter table "text_messages" add "send_at" timestamptz null, add "body_sealed" text null,
      add "refusal_code" text null, add "refusal_params" jsonb null;`);
    this.addSql(`create index "text_messages_owner_month_index" on "text_messages" ("owner_id", "created_at");`);
    this.addSql(`create index "text_messages_number_hour_index" on "text_messages" ("to_number", "created_at");`);
    this.addSql(`create index "text_messages_held_index" on "text_messages" ("send_at") where "status" = 'held';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "text_messages_held_index";`);
    this.addSql(`drop index "text_messages_number_hour_index";`);
    this.addSql(`drop index "text_messages_owner_month_index";`);
    this.addSql(`alter table "text_messages" drop column "send_at", drop column "body_sealed",
      drop column "refusal_code", drop column "refusal_params";`);
  }
}
