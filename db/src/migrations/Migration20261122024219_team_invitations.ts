import { Migration } from '@mikro-orm/migrations';

export class Migration20261122024219_team_invitations extends Migration {

  override name = 'Migration20261122024219_team_invitations';

  override up(): void | Promise<void> {
    this.addSql(`alter table "team_members" add "invite_token_hash" varchar(255) null, add "invited_at" timestamptz null, add "accepted_at" timestamptz null, add "account_id" uuid null;`);
    this.addSql(`alter table "team_members" add constraint "team_members_account_id_foreign" foreign key ("account_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "team_members" add constraint "team_members_invite_token_hash_unique" unique ("invite_token_hash");`);
    this.addSql(`alter table "team_members" add constraint "team_members_owner_id_email_unique" unique ("owner_id", "email");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "team_members" drop constraint "team_members_account_id_foreign";`);

    this.addSql(`alter table "team_members" drop constraint "team_members_invite_token_hash_unique";`);
    this.addSql(`alter table "team_members" drop constraint "team_members_owner_id_email_unique";`);
    this.addSql(`alter table "team_members" drop column "invite_token_hash", drop column "invited_at", drop column "accepted_at", drop column "account_id";`);
  }

}
