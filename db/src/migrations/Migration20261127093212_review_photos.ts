import { Migration } from '@mikro-orm/migrations';

/**
 * Review with the photos: the host's note per sent-back task, photos the host rejected (they stay evidence
 * but no longer count for their task), when the cleaner first opened the link (the run's timeline) and in which language (the cleaner's mails).
 * (The snapshot also catches up with the hand-written sessions.last_seen_at and
 * team_members.schedule_expires_at migrations.)
 */
export class Migration20261127093212_review_photos extends Migration {
  override name = 'Migration20261127093212_review_photos';

  override up(): void | Promise<void> {
    this.addSql(`alter table "runs" add "opened_at" timestamptz null, add "cleaner_language" varchar(8) null;`);
    this.addSql(`alter table "run_tasks" add "revision_note" text null;`);
    this.addSql(`alter table "media" add "rejected_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "media" drop column "rejected_at";`);
    this.addSql(`alter table "run_tasks" drop column "revision_note";`);
    this.addSql(`alter table "runs" drop column "opened_at", drop column "cleaner_language";`);
  }
}
