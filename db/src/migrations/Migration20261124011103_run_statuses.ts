import { Migration } from '@mikro-orm/migrations';

/**
 * The proof and dispatch migrations each re-created the status check with the statuses they knew; the
 * later one (dispatch) dropped 'revision_requested'. Every status of ARCHITECTURE.md decision 14 again.
 */
export class Migration20261124011103_run_statuses extends Migration {
  override name = 'Migration20261124011103_run_statuses';

  override up(): void | Promise<void> {
    this.addSql(`alter table "runs" drop constraint if exists "runs_status_check";`);
    this.addSql(
      `alter table "runs" add constraint "runs_status_check" check ("status" in ('pending', 'in_progress', 'completed', 'revision_requested', 'canceled'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "runs" drop constraint if exists "runs_status_check";`);
    this.addSql(
      `alter table "runs" add constraint "runs_status_check" check ("status" in ('pending', 'in_progress', 'completed', 'canceled'));`,
    );
  }
}
