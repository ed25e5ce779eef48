import { Migration } from '@mikro-orm/migrations';

/**
 * Where a property is (for a run's arrival and a cleaner working far from it) and how near counts as
 * there; the cleaner's "Guest still here" as an alert the host hears of at once through the outbox.
 */
export class Migration20261128030000_arrival_guest_present extends Migration {
  override name = 'Migration20261128030000_arrival_guest_present';

  override up(): void | Promise<void> {
    this.addSql(`alter table "properties" add "latitude" double precision null, add "longitude" double precision null,
      add "arrival_radius_meters" int not null default 150;`);
    this.addSql(`alter table "properties" add constraint "properties_arrival_radius_range"
      check ("arrival_radius_meters" between 10 and 10000);`);
    this.addSql(`alter table "alerts" drop constraint "alerts_kind_check";`);
    this.addSql(`alter table "alerts" add constraint "alerts_kind_check"
      check ("kind" in ('issue', 'overdue', 'at_risk', 'calendar', 'guest_present'));`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in
      ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed', 'webhook', 'work_order',
       'guest_present'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "workflow_outbox" where "kind" = 'guest_present';`);
    this.addSql(`alter table "workflow_outbox" drop constraint "workflow_outbox_kind_check";`);
    this.addSql(`alter table "workflow_outbox" add constraint "workflow_outbox_kind_check" check ("kind" in
      ('start_run', 'progress', 'issue', 'billing_event', 'declined', 'text_failed', 'webhook', 'work_order'));`);
    this.addSql(`delete from "alerts" where "kind" = 'guest_present';`);
    this.addSql(`alter table "alerts" drop constraint "alerts_kind_check";`);
    this.addSql(`alter table "alerts" add constraint "alerts_kind_check"
      check ("kind" in ('issue', 'overdue', 'at_risk', 'calendar'));`);
    this.addSql(`alter table "properties" drop constraint "properties_arrival_radius_range";`);
    this.addSql(`alter table "properties" drop column "latitude", drop column "longitude", drop column "arrival_radius_meters";`);
  }
}
