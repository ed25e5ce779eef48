import { z } from 'zod';

export const reviewBody = z.object({
  decision: z.enum(['approve', 'revise'], { error: "decision must be 'approve' or 'revise'." }),
  task_ids: z
    .array(z.uuid({ error: 'task_ids must be ids of tasks of this run.' }))
    .max(500)
    .default([]),
  note: z
    .string({ error: 'note must be text.' })
    .max(5000, 'The note must be at most 5000 characters.')
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  score: z
    .number({ error: 'score must be a whole number from 1 to 5.' })
    .int('score must be a whole number from 1 to 5.')
    .min(1, 'score must be a whole number from 1 to 5.')
    .max(5, 'score must be a whole number from 1 to 5.')
    .nullish()
    .transform((value) => value ?? null),
});
