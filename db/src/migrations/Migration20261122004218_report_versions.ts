import { Migration } from '@mikro-orm/migrations';

export class Migration20261122004218_report_versions extends Migration {

  override name = 'Migration20261122004218_report_versions';

  override up(): void | Promise<void> {

    this.addSql(`alter table "runs" add "link_expired_at" timestamptz null;`);

    this.addSql(`alter table "reports" drop constraint "reports_run_id_unique";`);
    this.addSql(`alter table "reports" add "version" int not null, add "pdf_size" int null, add "error" text null, add "emailed_at" timestamptz null;`);
    this.addSql(`alter table "reports" add constraint "reports_run_id_version_unique" unique ("run_id", "version");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "reports" drop constraint "reports_run_id_version_unique";`);
    this.addSql(`alter table "reports" drop column "version", drop column "pdf_size", drop column "error", drop column "emailed_at";`);
    this.addSql(`alter table "reports" add constraint "reports_run_id_unique" unique ("run_id");`);

    this.addSql(`alter table "runs" drop column "link_expired_at";`);

  }

}
