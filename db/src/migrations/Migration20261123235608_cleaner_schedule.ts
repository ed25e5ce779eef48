import { Migration } from '@mikro-orm/migrations';

export class Migration20261123235608_cleaner_schedule extends Migration {

  override name = 'Migration20261123235608_cleaner_schedule';

  override up(): void | Promise<void> {

    this.addSql(`alter table "team_members" add "schedule_token_hash" varchar(255) null, add "schedule_link_encrypted" text null, add "schedule_revoked_at" timestamptz null;`);
    this.addSql(`alter table "team_members" add constraint "team_members_schedule_token_hash_unique" unique ("schedule_token_hash");`);
  }

  override down(): void | Promise<void> {

    this.addSql(`alter table "team_members" drop constraint "team_members_schedule_token_hash_unique";`);
    this.addSql(`alter table "team_members" drop column "schedule_token_hash", drop column "schedule_link_encrypted", drop column "schedule_revoked_at";`);
  }

}
