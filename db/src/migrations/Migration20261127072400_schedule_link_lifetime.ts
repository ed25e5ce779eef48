import { Migration } from '@mikro-orm/migrations';

/**
 * Schedule links expire 30 days after they are made. Links handed out before get their 30 days from
 * now, so no cleaner is cut off by the migration itself.
 */
export class Migration20261127072400_schedule_link_lifetime extends Migration {
  override name = 'Migration20261127072400_schedule_link_lifetime';

  override up(): void | Promise<void> {
    this.addSql(`alter table "team_members" add "schedule_expires_at" timestamptz null;`);
    this.addSql(
      `update "team_members" set "schedule_expires_at" = now() + interval '30 days' where "schedule_token_hash" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "team_members" drop column "schedule_expires_at";`);
  }
}
