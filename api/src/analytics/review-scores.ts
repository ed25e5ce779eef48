import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunKind } from '@turnproof/db';

export interface ScoreFigures {
  id: string;
  name: string;
  /** Mean of the hosts' 1-5 scores, one decimal. */
  average_score: number;
  reviews: number;
}

export interface ReviewScores {
  by_property: ScoreFigures[];
  /** Scores of runs assigned to a team member. */
  by_cleaner: ScoreFigures[];
}

/** The average review score per property and per cleaner, of the owner's runs reviewed in the period. */
export async function reviewScoresOf(
  em: EntityManager,
  ownerId: string,
  since: Date,
  until: Date,
  filter: { property_id?: string | undefined; type?: RunKind | undefined } = {},
): Promise<ReviewScores> {
  const runFilter = `${filter.property_id ? ' and r.property_id = ?' : ''}${filter.type ? ' and r.type = ?' : ''}`;
  const scored = (join = '') => `from runs r join properties p on p.id = r.property_id and p.owner_id = ? ${join}
    where r.review_score is not null and r.reviewed_at >= ? and r.reviewed_at <= ?${runFilter}`;
  const values = [ownerId, since, until, ...[filter.property_id, filter.type].filter((value) => value !== undefined)];
  const figures = (rows: { id: string; name: string; average_score: string; reviews: number }[]) =>
    rows.map((row) => ({ ...row, average_score: Math.round(Number(row.average_score) * 10) / 10 }));
  const db = em.getConnection();
  const byProperty = await db.execute<{ id: string; name: string; average_score: string; reviews: number }[]>(
    `select p.id, p.name, avg(r.review_score) as average_score, count(*)::int as reviews ${scored()}
      group by p.id, p.name order by average_score desc, p.name`,
    values,
  );
  const byCleaner = await db.execute<{ id: string; name: string; average_score: string; reviews: number }[]>(
    `select m.id, m.name, avg(r.review_score) as average_score, count(*)::int as reviews ${scored('join team_members m on m.id = r.assigned_to_id')}
      group by m.id, m.name order by average_score desc, m.name`,
    values,
  );
  return { by_property: figures(byProperty), by_cleaner: figures(byCleaner) };
}
