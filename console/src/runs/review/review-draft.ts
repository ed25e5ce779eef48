/** The host's send-back of one task while reviewing: its note and the photos rejected. */
export interface TaskVerdict {
  note: string;
  rejectedMediaIds: string[];
}

/** Sent-back tasks by id; a task not in it is kept as done. */
export type ReviewDraft = Record<string, TaskVerdict>;

export type ReviewDecision = 'approve' | 'revise';

/** The body of POST /api/runs/{id}/review for the draft (an approval names no tasks). */
export function reviewRequestBody(
  decision: ReviewDecision,
  draft: ReviewDraft,
  note: string,
  score: number | null,
): Record<string, unknown> {
  const tasks =
    decision === 'revise'
      ? Object.entries(draft).map(([id, verdict]) => ({
          id,
          note: verdict.note.trim() || null,
          rejected_media_ids: verdict.rejectedMediaIds,
        }))
      : [];
  return { decision, tasks, note: note.trim() || null, score };
}

/** Ticks a photo's Reject on or off. */
export function toggleRejected(verdict: TaskVerdict, mediaId: string): TaskVerdict {
  const rejected = verdict.rejectedMediaIds.includes(mediaId)
    ? verdict.rejectedMediaIds.filter((id) => id !== mediaId)
    : [...verdict.rejectedMediaIds, mediaId];
  return { ...verdict, rejectedMediaIds: rejected };
}
