import { Migration } from '@mikro-orm/migrations';

/**
 * Pay of cleaners: a member's rates (per run and per hour; a row with a property overrides the member's
 * own for that property), and pay statements per member and period, whose lines are stored so a statement
 * once sent never changes when rates do.
 */
export class Migration20261128040000_pay extends Migration {
  override name = 'Migration20261128040000_pay';

  override up(): void | Promise<void> {
    this.addSql(`create table "pay_rates" (
      "id" uuid not null default gen_random_uuid(),
      "team_member_id" uuid not null references "team_members" ("id") on delete cascade,
      "property_id" uuid null references "properties" ("id") on delete cascade,
      "per_run_cents" int not null default 0 check ("per_run_cents" >= 0),
      "per_hour_cents" int not null default 0 check ("per_hour_cents" >= 0),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      primary key ("id"));`);
    // One rate per member and property, and one without a property (the member's own).
    this.addSql(`create unique index "pay_rates_member_property_unique" on "pay_rates" ("team_member_id", "property_id") nulls not distinct;`);
    this.addSql(`create table "pay_statements" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "users" ("id") on delete cascade,
      "team_member_id" uuid not null references "team_members" ("id") on delete cascade,
      "period_from" date not null,
      "period_to" date not null check ("period_to" >= "period_from"),
      "currency" varchar(3) not null default 'USD',
      "total_cents" int not null default 0,
      "sent_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      primary key ("id"));`);
    this.addSql(`create index "pay_statements_owner_id_index" on "pay_statements" ("owner_id");`);
    this.addSql(`create index "pay_statements_team_member_id_index" on "pay_statements" ("team_member_id");`);
    this.addSql(`create table "pay_statement_lines" (
      "id" uuid not null default gen_random_uuid(),
      "statement_id" uuid not null references "pay_statements" ("id") on delete cascade,
      "run_id" uuid null references "runs" ("id") on delete set null,
      "property_name" varchar(255) not null,
      "property_timezone" varchar(255) not null,
      "run_name" varchar(255) not null,
      "started_at" timestamptz null,
      "completed_at" timestamptz not null,
      "work_seconds" int not null,
      "per_run_cents" int not null,
      "per_hour_cents" int not null,
      "amount_cents" int not null,
      "order_index" int not null,
      primary key ("id"));`);
    this.addSql(`create index "pay_statement_lines_statement_id_index" on "pay_statement_lines" ("statement_id");`);
    this.addSql(`create index "pay_statement_lines_run_id_index" on "pay_statement_lines" ("run_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "pay_statement_lines";`);
    this.addSql(`drop table "pay_statements";`);
    this.addSql(`drop table "pay_rates";`);
  }
}
