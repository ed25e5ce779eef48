import { Migration } from '@mikro-orm/migrations';

/**
 * Change maps: for a pair of photos of one task (the baseline run's and this run's), the regions that
 * changed, each proposed until the host confirms or dismisses it, and the side-by-side image's path.
 */
export class Migration20261128100200_change_maps extends Migration {
  override name = 'Migration20261128100200_change_maps';

  override up(): void | Promise<void> {
    this.addSql(`create table "change_maps" (
      "id" uuid not null default gen_random_uuid(),
      "run_id" uuid not null references "runs" ("id") on delete cascade,
      "run_task_id" uuid not null references "run_tasks" ("id") on delete cascade,
      "before_media_id" uuid not null references "media" ("id") on delete cascade,
      "after_media_id" uuid not null references "media" ("id") on delete cascade,
      "image_path" varchar(500) not null,
      "regions" jsonb not null default '[]',
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "change_maps_regions_array" check (jsonb_typeof("regions") = 'array'),
      primary key ("id"));`);
    this.addSql(`create index "change_maps_run_id_index" on "change_maps" ("run_id");`);
    this.addSql(
      `alter table "change_maps" add constraint "change_maps_pair_unique" unique ("before_media_id", "after_media_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "change_maps";`);
  }
}
