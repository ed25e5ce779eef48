import { Migration } from '@mikro-orm/migrations';

export class Migration20261123223930_worker_checks extends Migration {
  override name = 'Migration20261123223930_worker_checks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "worker_checks" ("worker_id" varchar(255) not null, "pdf_ok" boolean not null, "pdf_problem" text null, "checked_at" timestamptz not null, primary key ("worker_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "worker_checks" cascade;`);
  }
}
