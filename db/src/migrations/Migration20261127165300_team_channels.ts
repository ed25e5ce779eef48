import { Migration } from '@mikro-orm/migrations';

/**
 * Cleaners without e-mail (issue 25): a team member's mobile number (E.164), the channel they want notices on
 * and the language of those notices (null: the runner's, else the host's). E-mail stays nullable, and (owner, email) stays unique for the members
 * who have one (PostgreSQL's unique constraints let nulls repeat); a number is on one owner's team once.
 */
export class Migration20261127165300_team_channels extends Migration {
  override name = 'Migration20261127165300_team_channels';

  override up(): void | Promise<void> {
    this.addSql(`alter table "team_members" alter column "email" drop not null;`);
    this.addSql(
      `alter table "team_members" add "phone" text null, add "notify_by" text not null default 'email', add "language" text null;`,
    );
    this.addSql(
      `alter table "team_members" add constraint "team_members_owner_id_phone_unique" unique ("owner_id", "phone");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "team_members" drop constraint "team_members_owner_id_phone_unique";`);
    this.addSql(`alter table "team_members" drop column "phone", drop column "notify_by", drop column "language";`);
  }
}
