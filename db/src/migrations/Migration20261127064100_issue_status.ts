import { Migration } from '@mikro-orm/migrations';

/**
 * An issue's status (open, resolved with a note, or turned into a follow-up run), so the host can close
 * what the cleaner reported. Existing alerts start open. (The snapshot also catches up with the
 * hand-written profiles.admin_granted_at and user_activity index migrations.)
 */
export class Migration20261127064100_issue_status extends Migration {
  override name = 'Migration20261127064100_issue_status';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "alerts" add "status" text not null default 'open', add "resolution_note" text null, add "follow_up_run_id" uuid null;`,
    );
    this.addSql(
      `alter table "alerts" add constraint "alerts_follow_up_run_id_foreign" foreign key ("follow_up_run_id") references "runs" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "alerts" add constraint "alerts_status_check" check ("status" in ('open', 'resolved', 'follow_up'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "alerts" drop constraint "alerts_follow_up_run_id_foreign";`);
    this.addSql(`alter table "alerts" drop constraint "alerts_status_check";`);
    this.addSql(
      `alter table "alerts" drop column "status", drop column "resolution_note", drop column "follow_up_run_id";`,
    );
  }
}
