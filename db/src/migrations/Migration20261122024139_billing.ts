import { Migration } from '@mikro-orm/migrations';

export class Migration20261122024139_billing extends Migration {

  override name = 'Migration20261122024139_billing';

  override up(): void | Promise<void> {
    this.addSql(`create table "stripe_events" ("id" varchar(255) not null, "type" varchar(255) not null, "user_id" uuid null, "received_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`alter table "billing_accounts" add "plan_status" text not null default 'none', add "trial_ends_at" timestamptz null, add "grace_ends_at" timestamptz null;`);
    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_plan_status_check" check ("plan_status" in ('none', 'active', 'past_due'));`);

    this.addSql(`alter table "stripe_events" add constraint "stripe_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stripe_events" cascade;`);

    this.addSql(`alter table "billing_accounts" drop constraint "billing_accounts_plan_status_check";`);
    this.addSql(`alter table "billing_accounts" drop column "plan_status", drop column "trial_ends_at", drop column "grace_ends_at";`);
  }

}
