import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030254_trial_notices_report_payments extends Migration {

  override name = 'Migration20261122030254_trial_notices_report_payments';

  override up(): void | Promise<void> {
    this.addSql(`create table "sent_notices" ("key" varchar(255) not null, "created_at" timestamptz not null, primary key ("key"));`);

    this.addSql(`alter table "reports" add "paid_by" text null;`);
    this.addSql(`alter table "reports" add constraint "reports_paid_by_check" check ("paid_by" in ('credit', 'included', 'overage'));`);

    this.addSql(`create index "billing_accounts_trial_ends_at_index" on "billing_accounts" ("trial_ends_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sent_notices" cascade;`);

    this.addSql(`drop index "billing_accounts_trial_ends_at_index";`);

    this.addSql(`alter table "reports" drop constraint "reports_paid_by_check";`);
    this.addSql(`alter table "reports" drop column "paid_by";`);
  }

}
