import { Migration } from '@mikro-orm/migrations';

/** Supplies a property keeps at par level, and the cleaner's count of each in a run. */
export class Migration20261128020000_supplies extends Migration {
  override name = 'Migration20261128020000_supplies';

  override up(): void | Promise<void> {
    this.addSql(`create table "supplies" (
      "id" uuid not null,
      "property_id" uuid not null references "properties" ("id") on delete cascade,
      "name" varchar(255) not null,
      "unit" varchar(255) not null,
      "par_level" int not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "supplies_par_level_range" check (par_level between 0 and 100000),
      primary key ("id"));`);
    this.addSql(`create index "supplies_property_id_index" on "supplies" ("property_id");`);
    this.addSql(`create table "supply_counts" (
      "id" uuid not null,
      "supply_id" uuid not null references "supplies" ("id") on delete cascade,
      "run_id" uuid not null references "runs" ("id") on delete cascade,
      "count" int null,
      "level" text check ("level" in ('counted', 'low', 'out')) not null,
      "counted_at" timestamptz not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      primary key ("id"));`);
    this.addSql(`create index "supply_counts_supply_id_index" on "supply_counts" ("supply_id");`);
    this.addSql(`create index "supply_counts_run_id_index" on "supply_counts" ("run_id");`);
    this.addSql(
      `alter table "supply_counts" add constraint "supply_counts_supply_run_unique" unique ("supply_id", "run_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "supply_counts";`);
    this.addSql(`drop table "supplies";`);
  }
}
