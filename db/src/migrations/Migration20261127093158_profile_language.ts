import { Migration } from '@mikro-orm/migrations';

/**
 * The host's language (en, es or fr): the console's and the mails'. Null until chosen; the console then
 * sends the browser's, and mails go out in English.
 */
export class Migration20261127093158_profile_language extends Migration {
  override name = 'Migration20261127093158_profile_language';

  override up(): void | Promise<void> {
    this.addSql(`alter table "profiles" add "language" varchar(255) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "profiles" drop column "language";`);
  }
}
