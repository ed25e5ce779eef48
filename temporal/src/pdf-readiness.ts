import { hostname } from 'node:os';
import type { Orm } from '@turnproof/db';
import type { PdfRenderer } from '@turnproof/platform/report';

export interface PdfReadinessOptions {
  orm: Orm;
  pdf: PdfRenderer;
  /** How often the worker prints its check page again, so a Chromium installed later shows up. */
  intervalMs?: number;
  log?: (line: string) => void;
}

/**
 * The worker's PDF check: prints a one-line page at start and every 15 seconds and records the outcome
 * in `worker_checks`, where `/api/health` reads it (the API and the workers may be on other machines).
 */
export async function startPdfReadiness(options: PdfReadinessOptions): Promise<{ stop(): Promise<void> }> {
  const { orm, pdf, intervalMs = 15_000, log = console.log } = options;
  const workerId = `${hostname()}:${process.pid}`;
  let lastProblem: string | null | undefined;

  async function check() {
    const problem = await pdf.problem();
    if (problem !== lastProblem)
      log(problem ? `Turnproof worker cannot print PDFs: ${problem}` : 'Turnproof worker can print PDFs.');
    lastProblem = problem;
    await orm.em.getConnection().execute(
      `insert into worker_checks (worker_id, pdf_ok, pdf_problem, checked_at) values (?, ?, ?, now())
       on conflict (worker_id) do update set pdf_ok = excluded.pdf_ok, pdf_problem = excluded.pdf_problem, checked_at = now()`,
      [workerId, problem === null, problem],
    );
  }

  await check();
  const timer = setInterval(
    () => void check().catch((error: unknown) => log(`PDF check failed: ${String(error)}`)),
    intervalMs,
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await orm.em.getConnection().execute('delete from worker_checks where worker_id = ?', [workerId]);
    },
  };
}
