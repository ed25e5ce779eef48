import type { MikroORM } from '@mikro-orm/postgresql';
import { appendCaptureEntries } from '@turnproof/db';

export interface ReviewRecord {
  runId: string;
  /** Made by the workflow, so a retried activity records the review once. */
  reviewId: string;
  reviewedAt: string;
  decision: 'approve' | 'revise';
  taskIds: string[];
  note: string | null;
  score: number | null;
}

/** The host's review in the database: on the run, on the reopened tasks, and in the capture log. */
export function createReviewActivities({ orm }: { orm: MikroORM }) {
  return {
    /**
     * One transaction: the run's review columns, for a revision its status, its link readable again and
     * the chosen tasks unchecked and reopened, and the capture-log entry. Applied once per review id.
     */
    async recordReview(review: ReviewRecord) {
      await orm.em.fork().transactional(async (tx) => {
        const connection = tx.getConnection();
        const context = tx.getTransactionContext();
        const seen = await connection.execute<unknown[]>(
          `select 1 from capture_entries where run_id = ? and payload->>'review_id' = ?`,
          [review.runId, review.reviewId],
          'all',
          context,
        );
        if (seen.length > 0) return;
        const revise = review.decision === 'revise';
        await connection.execute(
          `update runs set review_decision = ?, review_score = coalesce(?, review_score), review_note = ?, reviewed_at = ?,
             status = case when ? then 'revision_requested' else status end,
             link_expired_at = case when ? then null else link_expired_at end, updated_at = now()
           where id = ?`,
          [
            revise ? 'revision_requested' : 'approved',
            review.score,
            review.note,
            review.reviewedAt,
            revise,
            revise,
            review.runId,
          ],
          'run',
          context,
        );
        if (revise) {
          await connection.execute(
            `update run_tasks set reopened = true, checked = false, checked_at = null, updated_at = now()
             where run_id = ? and id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
            [review.runId, JSON.stringify(review.taskIds)],
            'run',
            context,
          );
        }
        await appendCaptureEntries(tx, review.runId, [
          {
            kind: revise ? 'revision_requested' : 'review_approved',
            payload: { review_id: review.reviewId, task_ids: review.taskIds, note: review.note, score: review.score },
            deviceTime: null,
            devicePosition: null,
            receivedAt: new Date(review.reviewedAt),
          },
        ]);
      });
    },

    /** The version a revised completion's report gets: one after the newest made or started. */
    async nextReportVersion(runId: string): Promise<number> {
      const [row] = await orm.em
        .getConnection()
        .execute<{ version: number | null }[]>(`select max(version) as version from reports where run_id = ?`, [runId]);
      return Number(row?.version ?? 0) + 1;
    },
  };
}
