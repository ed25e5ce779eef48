import { Migration } from '@mikro-orm/migrations';

/**
 * Checks on the phone before upload: a checklist task may require the camera (no gallery), copied to the
 * run's tasks like the rest of the task; a photo taken against a reference carries how well it lines up.
 */
export class Migration20261128100000_photo_capture_rules extends Migration {
  override name = 'Migration20261128100000_photo_capture_rules';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tasks" add "camera_only" boolean not null default false;`);
    this.addSql(`alter table "run_tasks" add "camera_only" boolean not null default false;`);
    this.addSql(`alter table "media" add "alignment_score" real null;`);
    this.addSql(`alter table "media" add constraint "media_alignment_score_range"
      check ("alignment_score" between -1 and 1);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "media" drop constraint "media_alignment_score_range";`);
    this.addSql(`alter table "media" drop column "alignment_score";`);
    this.addSql(`alter table "run_tasks" drop column "camera_only";`);
    this.addSql(`alter table "tasks" drop column "camera_only";`);
  }
}
