import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions end after 7 days without a request (an idle timeout beside the 30-day lifetime): each
 * remembers when it was last used. Sessions open today count as used now.
 */
export class Migration20261127063650_session_last_seen extends Migration {
  override name = 'Migration20261127063650_session_last_seen';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add "last_seen_at" timestamptz not null default now();`);
    this.addSql(`alter table "sessions" alter column "last_seen_at" drop default;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "last_seen_at";`);
  }
}
