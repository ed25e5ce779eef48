import { z } from 'zod';

const trimmedNote = (max: number) =>
  z
    .string({ error: 'note must be text.' })
    .max(max, `The note must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** One task sent back: the host's note on it, and which of its photos the host rejects. */
const sentBackTask = z.object({
  id: z.uuid({ error: 'tasks[].id must be the id of a task of this run.' }),
  note: trimmedNote(2000),
  rejected_media_ids: z
    .array(z.uuid({ error: "rejected_media_ids must be ids of the task's photos." }))
    .max(50)
    .default([]),
});

export const reviewBody = z
  .object({
    decision: z.enum(['approve', 'revise'], { error: "decision must be 'approve' or 'revise'." }),
    /** Tasks sent back without a note of their own (the run's note covers them). */
    task_ids: z
      .array(z.uuid({ error: 'task_ids must be ids of tasks of this run.' }))
      .max(500)
      .default([]),
    /** Tasks sent back each with its note and rejected photos. */
    tasks: z.array(sentBackTask).max(500).default([]),
    note: trimmedNote(5000),
    score: z
      .number({ error: 'score must be a whole number from 1 to 5.' })
      .int('score must be a whole number from 1 to 5.')
      .min(1, 'score must be a whole number from 1 to 5.')
      .max(5, 'score must be a whole number from 1 to 5.')
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((body) => body.decision === 'revise' || body.tasks.length === 0, {
    error: 'Only a send-back names tasks: leave tasks out to approve.',
    path: ['tasks'],
  })
  .refine((body) => new Set(body.tasks.map((task) => task.id)).size === body.tasks.length, {
    error: 'Each task may be sent back once per review.',
    path: ['tasks'],
  });

export type ReviewInput = z.output<typeof reviewBody>;
