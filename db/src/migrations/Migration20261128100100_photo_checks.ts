import { Migration } from '@mikro-orm/migrations';

/**
 * The server's checks of every confirmed photo (blurry, dark, reused, captured before the run, not from a
 * camera), their details, the host's accepted flags, the camera and time the upload read from EXIF before stripping it and the photo's perceptual hash (looked up among the
 * owner's earlier photos); the outbox kind that schedules them; the task's "camera only" (also added by
 * the checklist work beside this, hence "if not exists").
 */
export class Migration20261128100100_photo_checks extends Migration {
  override name = 'Migration20261128100100_photo_checks';

  override up(): void | Promise<void> {
    this.addSql(`alter table "media" add "perceptual_hash" varchar(16) null, add "checks" jsonb null,
      add "check_details" jsonb null, add "accepted_checks" jsonb not null default '[]', add "exif" jsonb null;`);
    // The reuse lookup: an owner's earlier hashed photos, reached through their runs.
    this.addSql(`create index "media_hashed_by_run" on "media" ("run_id") where "perceptual_hash" is not null;`);
    this.addSql(`alter table "tasks" add column if not exists "camera_only" boolean not null default false;`);
    this.addSql(`alter table "run_tasks" add column if not exists "camera_only" boolean not null default false;`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in
      ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed', 'webhook', 'work_order',
       'guest_present', 'photo_checks'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "workflow_outbox" where "kind" = 'photo_checks';`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in
      ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed', 'webhook', 'work_order',
       'guest_present'));`);
    this.addSql(`drop index "media_hashed_by_run";`);
    this.addSql(`alter table "media" drop column "perceptual_hash", drop column "checks",
      drop column "check_details", drop column "accepted_checks", drop column "exif";`);
  }
}
