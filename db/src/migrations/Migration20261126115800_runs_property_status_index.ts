import { Migration } from '@mikro-orm/migrations';

/**
 * The dashboard's run counts by status for one owner (`npm run bench -- scale`, 50,000 runs): one
 * index-only pass over (property_id, status) grouped by status, instead of a scan of every run's row
 * (the in-progress count alone was a 70 ms sequential scan).
 */
export class Migration20261126115800_runs_property_status_index extends Migration {
  override name = 'Migration20261126115800_runs_property_status_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "runs_property_id_status_index" on "runs" ("property_id", "status");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "runs_property_id_status_index";`);
  }
}
