import { Migration } from '@mikro-orm/migrations';

/**
 * An issue's photos become evidence: a media row is a task's proof (run_task_id) or an issue's
 * (alert_id), never both. Until now an issue named its photos by path (alerts.media_paths) and they
 * stayed unconfirmed; those already named are linked to their issue here and counted as confirmed
 * (without a SHA-256, like photos confirmed before the capture log), the capture log's issue entry
 * keeping the paths it named.
 */
export class Migration20261127063504_issue_photos extends Migration {
  override name = 'Migration20261127063504_issue_photos';

  override up(): void | Promise<void> {
    this.addSql(`alter table "media" add "alert_id" uuid null;`);
    this.addSql(`alter table "media" add constraint "media_alert_id_foreign" foreign key ("alert_id") references "alerts" ("id") on delete cascade;`);
    this.addSql(`alter table "media" alter column "run_task_id" drop not null;`);
    this.addSql(`create index "media_alert_id_index" on "media" ("alert_id");`);

    this.addSql(`update "media" m set "alert_id" = a."id", "run_task_id" = null, "status" = 'confirmed'
      from "alerts" a cross join lateral jsonb_array_elements_text(a."media_paths") as named(path)
      where named.path = m."path" and m."run_id" = a."run_id" and m."status" = 'uploaded';`);
    this.addSql(`alter table "media" add constraint "media_task_or_issue" check (num_nonnulls(run_task_id, alert_id) = 1);`);
    this.addSql(`alter table "alerts" drop column "media_paths";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "alerts" add "media_paths" jsonb not null default '[]';`);
    this.addSql(`update "alerts" a set "media_paths" = named.paths
      from (select "alert_id", jsonb_agg("path" order by "created_at") as paths from "media"
             where "alert_id" is not null group by "alert_id") named
      where named."alert_id" = a."id";`);
    this.addSql(`alter table "alerts" alter column "media_paths" drop default;`);
    // An issue photo goes back under the issue's task; one of an issue without a task has nowhere to go.
    this.addSql(`update "media" m set "run_task_id" = a."run_task_id" from "alerts" a where a."id" = m."alert_id";`);
    this.addSql(`delete from "media" where "run_task_id" is null;`);
    this.addSql(`alter table "media" drop constraint "media_task_or_issue";`);
    this.addSql(`alter table "media" drop constraint "media_alert_id_foreign";`);
    this.addSql(`drop index "media_alert_id_index";`);
    this.addSql(`alter table "media" drop column "alert_id";`);
    this.addSql(`alter table "media" alter column "run_task_id" set not null;`);
  }
}
