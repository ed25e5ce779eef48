import { Migration } from '@mikro-orm/migrations';

export class Migration20261123223912_proof extends Migration {

  override name = 'Migration20261123223912_proof';

  override up(): void | Promise<void> {
    this.addSql(`create table "capture_entries" ("run_id" uuid not null, "seq" int not null, "kind" text not null, "payload" jsonb not null, "payload_sha256" varchar(64) not null, "device_time" timestamptz null, "device_latitude" double precision null, "device_longitude" double precision null, "device_accuracy" double precision null, "received_at" timestamptz not null, "prev_hash" varchar(64) not null, "hash" varchar(64) not null, primary key ("run_id", "seq"));`);
    this.addSql(`alter table "capture_entries" add constraint "capture_entries_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);

    this.addSql(`create table "capture_heads" ("run_id" uuid not null, "seq" int not null default 0, "hash" varchar(64) not null, primary key ("run_id"));`);
    this.addSql(`alter table "capture_heads" add constraint "capture_heads_run_id_foreign" foreign key ("run_id") references "runs" ("id") on delete cascade;`);

    this.addSql(`alter table "media" add "sha256" varchar(64) null;`);

    this.addSql(`alter table "reports" add "pdf_sha256" varchar(64) null, add "chain_seq" int null, add "chain_head" varchar(64) null;`);
    this.addSql(`create index "reports_pdf_sha256_index" on "reports" ("pdf_sha256");`);

    this.addSql(`alter table "run_tasks" add "reopened" boolean not null default false;`);

    // Every status of the second wave, whichever wave's migration ran first.
    this.addSql(`alter table "runs" drop constraint if exists "runs_status_check";`);
    this.addSql(`alter table "runs" add constraint "runs_status_check" check ("status" in ('pending', 'in_progress', 'completed', 'revision_requested', 'canceled'));`);
    this.addSql(`alter table "runs" add "review_decision" text null, add "review_score" int null, add "review_note" text null, add "reviewed_at" timestamptz null, add "baseline_run_id" uuid null;`);
    this.addSql(`alter table "runs" add constraint "runs_review_decision_check" check ("review_decision" in ('approved', 'revision_requested'));`);
    this.addSql(`alter table "runs" add constraint "runs_review_score_check" check ("review_score" between 1 and 5);`);
    this.addSql(`alter table "runs" add constraint "runs_baseline_run_id_foreign" foreign key ("baseline_run_id") references "runs" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "capture_entries" cascade;`);
    this.addSql(`drop table if exists "capture_heads" cascade;`);
    this.addSql(`alter table "media" drop column "sha256";`);
    this.addSql(`drop index "reports_pdf_sha256_index";`);
    this.addSql(`alter table "reports" drop column "pdf_sha256", drop column "chain_seq", drop column "chain_head";`);
    this.addSql(`alter table "run_tasks" drop column "reopened";`);
    this.addSql(`alter table "runs" drop constraint "runs_baseline_run_id_foreign";`);
    this.addSql(`alter table "runs" drop constraint "runs_review_decision_check";`);
    this.addSql(`alter table "runs" drop constraint "runs_review_score_check";`);
    this.addSql(`alter table "runs" drop column "review_decision", drop column "review_score", drop column "review_note", drop column "reviewed_at", drop column "baseline_run_id";`);
  }

}
