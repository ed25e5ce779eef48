import { Migration } from '@mikro-orm/migrations';

/** The owner's escalation ladder defaults (minutes; null keeps the deployment's defaults). */
export class Migration20261124015335_ladder_settings extends Migration {
  override name = 'Migration20261124015335_ladder_settings';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "user_preferences" add "ladder_minutes_per_task" int null, add "ladder_reminder_margin_minutes" int null, add "ladder_hand_over_margin_minutes" int null, add "ladder_host_alert_margin_minutes" int null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "user_preferences" drop column "ladder_minutes_per_task", drop column "ladder_reminder_margin_minutes", drop column "ladder_hand_over_margin_minutes", drop column "ladder_host_alert_margin_minutes";`,
    );
  }
}
