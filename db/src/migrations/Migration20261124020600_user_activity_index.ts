import { Migration } from '@mikro-orm/migrations';

/** The profile's Activity tab reads a user's newest activities. */
export class Migration20261124020600_user_activity_index extends Migration {
  override name = 'Migration20261124020600_user_activity_index';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "user_activity_user_id_created_at_index" on "user_activity" ("user_id", "created_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "user_activity_user_id_created_at_index";`);
  }
}
