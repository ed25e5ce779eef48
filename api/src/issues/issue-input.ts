import { z } from 'zod';
import { dueAt, runMessages } from '../runs/run-input.ts';

export const issueMessages = {
  notFound: 'Issue not found. It does not exist or you do not have access to it.',
  noteRequired: 'Please write a note on how the issue was resolved.',
  noteTooLong: 'The note must be at most 1000 characters.',
  notOpen: (status: 'resolved' | 'follow_up') =>
    status === 'resolved' ? 'This issue is already resolved.' : 'This issue already has a follow-up run.',
};

const note = z.string({ error: issueMessages.noteRequired }).trim().max(1000, issueMessages.noteTooLong);

/** POST …/resolve: how the host dealt with the issue, in a sentence. */
export const resolveIssueBody = z.object({ note: note.min(1, issueMessages.noteRequired) });

/** POST …/follow-up: the follow-up run's due time and cleaner (both optional), and an optional note. */
export const followUpBody = z.object({
  note: note.optional().transform((value) => value || null),
  due_at: dueAt,
  assigned_to: z.uuid({ error: runMessages.assigneeNotFound }).nullish(),
});

export type FollowUpInput = z.output<typeof followUpBody>;
