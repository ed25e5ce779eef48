import { Migration } from '@mikro-orm/migrations';

/** An admin role granted with `npm run admin -- grant <email>`: kept apart from ADMIN_EMAILS' reconciliation. */
export class Migration20261124020153_admin_grants extends Migration {
  override name = 'Migration20261124020153_admin_grants';

  override up(): void | Promise<void> {
    this.addSql(`alter table "profiles" add "admin_granted_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "profiles" drop column "admin_granted_at";`);
  }
}
