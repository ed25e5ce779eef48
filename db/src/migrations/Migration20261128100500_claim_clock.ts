import { Migration } from '@mikro-orm/migrations';

/** How the host closed a run's damage claim (filed, or none to make): the claim clock's reminders stop. */
export class Migration20261128100500_claim_clock extends Migration {
  override name = 'Migration20261128100500_claim_clock';

  override up(): void | Promise<void> {
    this.addSql(`alter table "runs" add "claim_closed_at" timestamptz null, add "claim_outcome" text null;`);
    this.addSql(`alter table "runs" add constraint "runs_claim_outcome_check"
      check ("claim_outcome" in ('filed', 'no_claim'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "runs" drop constraint "runs_claim_outcome_check";`);
    this.addSql(`alter table "runs" drop column "claim_closed_at", drop column "claim_outcome";`);
  }
}
