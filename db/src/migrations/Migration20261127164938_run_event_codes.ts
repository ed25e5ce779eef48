import { Migration } from '@mikro-orm/migrations';

/**
 * A timeline step carries a message code and its parameters, for the console to say it in the host's
 * language. Older steps keep only their English detail, which stays the fallback (and the PDF's and logs').
 */
export class Migration20261127164938_run_event_codes extends Migration {
  override name = 'Migration20261127164938_run_event_codes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "run_events" add "code" text null, add "params" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "run_events" drop column "code", drop column "params";`);
  }
}
