import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * What each running worker last found when it tried to print a PDF (at start, then every 15 seconds),
 * so the API's health answer can say whether reports can be printed anywhere.
 */
export const WorkerCheck = defineEntity({
  name: 'WorkerCheck',
  tableName: 'worker_checks',
  properties: {
    /** host:pid of the worker process. */
    worker_id: p.string().primary(),
    pdf_ok: p.boolean(),
    /** The human sentence when printing failed. */
    pdf_problem: p.text().nullable(),
    checked_at: p.datetime(),
  },
});

export type WorkerCheck = InferEntity<typeof WorkerCheck>;
