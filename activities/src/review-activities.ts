import type { MikroORM } from '@mikro-orm/postgresql';
import { appendCaptureEntries } from '@turnproof/db';
import { recordRunWebhookEvent } from '@turnproof/platform/webhooks';

/** A task the host sends back: the note on it, and the ids of its photos that no longer count. */
export interface SentBackTask {
  id: string;
  note: string | null;
  rejectedMediaIds: string[];
}

export interface ReviewRecord {
  runId: string;
  /** Made by the workflow, so a retried activity records the review once. */
  reviewId: string;
  reviewedAt: string;
  decision: 'approve' | 'revise';
  taskIds: string[];
  note: string | null;
  score: number | null;
  /** The sent-back tasks' own notes and rejected photos (reviews made before per-task notes have none). */
  tasks?: SentBackTask[];
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
          await recordTaskVerdicts(connection, context, review);
        }
        await appendCaptureEntries(tx, review.runId, [
          {
            kind: revise ? 'revision_requested' : 'review_approved',
            payload: {
              review_id: review.reviewId,
              task_ids: review.taskIds,
              note: review.note,
              score: review.score,
              ...(review.tasks?.length ? { tasks: review.tasks } : {}),
            },
            deviceTime: null,
            devicePosition: null,
            receivedAt: new Date(review.reviewedAt),
          },
        ]);
        const decision = {
          decision: revise ? 'revision_requested' : 'approved',
          score: review.score,
          note: review.note,
        };
        await recordRunWebhookEvent(tx, review.runId, revise ? 'review.revision_requested' : 'review.approved', {
          review: { ...decision, task_ids: review.taskIds, reviewed_at: review.reviewedAt },
        });
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

type Connection = ReturnType<Parameters<Parameters<MikroORM['em']['transactional']>[0]>[0]['getConnection']>;

/**
 * Each sent-back task's note (a task sent back without one loses its earlier note), and the rejected
 * photos marked so: only photos of that task in this run, so a stray id rejects nothing.
 */
async function recordTaskVerdicts(connection: Connection, context: unknown, review: ReviewRecord) {
  const tasks = (review.tasks ?? []).map((task) => ({
    id: task.id,
    note: task.note,
    rejected: task.rejectedMediaIds,
  }));
  await connection.execute(
    `update run_tasks t set revision_note = v.note
     from jsonb_to_recordset(?::jsonb) as v(id uuid, note text)
     where t.run_id = ? and t.id = v.id`,
    [
      JSON.stringify(review.taskIds.map((id) => ({ id, note: tasks.find((task) => task.id === id)?.note ?? null }))),
      review.runId,
    ],
    'run',
    context,
  );
  await connection.execute(
    `update media m set rejected_at = ?
     from jsonb_to_recordset(?::jsonb) as v(id uuid, rejected jsonb)
     cross join lateral jsonb_array_elements_text(v.rejected) as r(media_id)
     where m.run_id = ? and m.run_task_id = v.id and m.id = r.media_id::uuid and m.rejected_at is null`,
    [review.reviewedAt, JSON.stringify(tasks), review.runId],
    'run',
    context,
  );
}
