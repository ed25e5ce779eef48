import { Migration } from '@mikro-orm/migrations';

/**
 * More indexes for an account with 50,000 runs (`npm run bench -- scale`), chosen from EXPLAIN ANALYZE:
 * the runs list's search `q` finds checklist names through a trigram index (with the matching
 * properties' runs, a bitmap OR instead of a scan of every run: 365 ms -> 1 ms), and the analytics'
 * review scores read the reviewed runs of the period from a partial index (150 ms -> 3 ms).
 */
export class Migration20261124020135_search_and_review_indexes extends Migration {
  override name = 'Migration20261124020135_search_and_review_indexes';

  override up(): void | Promise<void> {
    // Trusted since PostgreSQL 13: the database's owner may create it.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create index "runs_checklist_name_trgm_index" on "runs" using gin ("checklist_name" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "runs_reviewed_at_index" on "runs" ("reviewed_at") where "review_score" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "runs_checklist_name_trgm_index";`);
    this.addSql(`drop index if exists "runs_reviewed_at_index";`);
  }
}
