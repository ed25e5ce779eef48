import { Migration } from '@mikro-orm/migrations';

/** Counters of rate-limiter-flexible (sign-in, sign-up, reset limits), shared by every API process. */
export class Migration20261122001000_rate_limits extends Migration {
  override name = 'Migration20261122001000_rate_limits';

  override up(): void {
    this.addSql(
      `create table "rate_limits" ("key" varchar(255) primary key, "points" integer not null default 0, "expire" bigint);`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "rate_limits";`);
  }
}
