import Router from '@koa/router';
import { CHROMIUM_MISSING } from '@turnproof/platform/report';
import { temporalHealth } from '@turnproof/temporal/client';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppState } from '../http/context.ts';
import { addRoute } from '../openapi/registry.ts';

/** One check per dependency; up when it answers within a couple of seconds, else why not when known. */
export type ReadinessCheck = () => Promise<{ up: boolean; problem?: string }>;
export type ReadinessChecks = Record<string, ReadinessCheck>;

/** A worker's PDF check older than this (it repeats every 15 s) no longer counts. */
const PDF_CHECK_FRESH_SECONDS = 120;

/**
 * The health answer is public: it says that printing fails, and why only when the reason is one of our
 * own sentences. Chromium's own error (paths, versions) stays in the worker's log and `worker_checks`.
 */
const PUBLIC_PDF_PROBLEMS = new Set([CHROMIUM_MISSING]);
const CHROMIUM_FAILED = 'The PDF could not be printed: Chromium failed on the worker (its log says why).';
const publicPdfProblem = (problem: string | null) =>
  problem && PUBLIC_PDF_PROBLEMS.has(problem) ? problem : CHROMIUM_FAILED;

async function databaseUp(deps: AppDeps): Promise<boolean> {
  try {
    await deps.orm.em.getConnection().execute('select 1');
    return true;
  } catch {
    return false;
  }
}

/** Whether some running worker printed its check page lately; otherwise the newest reason it could not. */
async function pdfReadiness(deps: AppDeps): Promise<{ up: boolean; problem?: string }> {
  try {
    const rows = await deps.orm.em.getConnection().execute<{ pdf_ok: boolean; pdf_problem: string | null }[]>(
      `select pdf_ok, pdf_problem from worker_checks
        where checked_at > now() - make_interval(secs => ?) order by pdf_ok desc, checked_at desc limit 1`,
      [PDF_CHECK_FRESH_SECONDS],
    );
    const [newest] = rows;
    if (!newest) return { up: false, problem: 'No worker has checked that it can print PDFs in the last two minutes.' };
    return newest.pdf_ok ? { up: true } : { up: false, problem: publicPdfProblem(newest.pdf_problem) };
  } catch {
    return { up: false, problem: 'The database does not answer.' };
  }
}

/** What readiness waits for; a new dependency adds its check here. */
export function readinessChecks(deps: AppDeps): ReadinessChecks {
  return {
    database: async () => ({ up: await databaseUp(deps) }),
    temporal: async () => ({ up: await temporalHealth(deps.temporal) }),
    pdf: () => pdfReadiness(deps),
  };
}

const up = z.enum(['up', 'down']);
const readinessAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  database: up,
  temporal: up,
  pdf: up,
  /** Why reports cannot be printed, when pdf is down. */
  pdf_problem: z.string().optional(),
});
const livenessAnswer = z.object({ status: z.literal('ok') });

/**
 * Liveness (the process answers: restart it when not) apart from readiness (its dependencies answer:
 * send it no traffic while not), as load balancers and orchestrators ask. `/api/health` is readiness.
 */
export function healthRouter(deps: AppDeps) {
  const router = new Router<AppState>();
  const checks = readinessChecks(deps);
  const tags = ['Health'];
  addRoute(
    router,
    {
      method: 'get',
      path: '/health/live',
      summary: 'Liveness: the process answers (checks no dependency)',
      tags,
      ok: { description: 'Alive', schema: livenessAnswer },
    },
    (ctx) => {
      ctx.body = { status: 'ok' };
    },
  );

  for (const path of ['/health', '/health/ready']) {
    addRoute(
      router,
      {
        method: 'get',
        path,
        summary: 'Readiness: database, Temporal and a worker able to print PDFs, each up or down',
        tags,
        ok: { description: 'Every dependency up', schema: readinessAnswer },
        errors: { 503: 'A dependency is down (same body)' },
      },
      async (ctx) => {
        const names = Object.keys(checks);
        const results = await Promise.all(
          names.map((name) => checks[name]!().catch((): Awaited<ReturnType<ReadinessCheck>> => ({ up: false }))),
        );
        // The PDF printer is a worker's, not this process's: reported, but it does not take the API out of
        // rotation (reports wait and retry until a worker can print).
        const ready = names.every((name, i) => name === 'pdf' || results[i]!.up);
        ctx.status = ready ? 200 : 503;
        ctx.body = {
          status: ready ? 'ok' : 'degraded',
          ...Object.fromEntries(names.map((name, i) => [name, results[i]!.up ? 'up' : 'down'])),
          ...Object.fromEntries(
            names.flatMap((name, i) => (results[i]!.problem ? [[`${name}_problem`, results[i]!.problem]] : [])),
          ),
        };
      },
    );
  }
  return router;
}
