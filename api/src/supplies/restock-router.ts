import Router from '@koa/router';
import { formatDateTime } from '@turnproof/config/time-format';
import { type RestockLine, restockLines } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { toCsv } from '../http/csv.ts';
import { sendList } from '../http/simple-rest.ts';
import { addRoute } from '../openapi/registry.ts';

const restockRecord = z.object({
  id: z.uuid().describe("The supply's id"),
  property_id: z.uuid(),
  property: z.string(),
  timezone: z.string().describe("The property's time zone"),
  name: z.string(),
  unit: z.string(),
  count: z.number().int().nullable().describe('The newest count; null when the cleaner only said it is low'),
  level: z.enum(['counted', 'low', 'out']),
  par_level: z.number().int(),
  needed: z.number().int().nullable().describe('Par level minus the count; null for a supply said to be low'),
  counted_at: z.string(),
  run_id: z.uuid(),
});

function toRestockRecord({ supply_id, ...line }: RestockLine) {
  return { id: supply_id, ...line };
}

/** The shopping list as a spreadsheet opens it: one line per supply to bring, times in each property's zone. */
function restockCsv(lines: RestockLine[]): string {
  return toCsv(
    ['Property', 'Supply', 'Unit', 'Count', 'Par level', 'Needed', 'Counted'],
    lines.map((line) => [
      line.property,
      line.name,
      line.unit,
      line.count ?? 'low',
      line.par_level,
      line.needed,
      formatDateTime(line.counted_at, line.timezone),
    ]),
  );
}

/** What each property needs, from each supply's newest count: the console's Restock screen and its CSV. */
export function restockRouter() {
  const router = new Router<AppState>();
  const tags = ['Supplies'];
  const errors = { 401: 'Authentication required' };

  addRoute(
    router,
    {
      method: 'get',
      path: '/restock',
      summary: 'Supplies below par across own properties (property, name, unit, count, par_level, needed)',
      tags,
      list: true,
      signedIn: true,
      ok: { description: 'The lines; total in Content-Range', schema: z.array(restockRecord) },
      errors,
    },
    async (ctx) => {
      const lines = await restockLines(ctx.state.em, requireUser(ctx).id);
      sendList(ctx, 'restock', 0, lines.map(toRestockRecord), lines.length);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/restock.csv',
      summary: 'The restock list as CSV (a download)',
      tags,
      signedIn: true,
      ok: { description: 'text/csv attachment', schema: z.string(), contentType: 'text/csv' },
      errors,
    },
    async (ctx) => {
      const lines = await restockLines(ctx.state.em, requireUser(ctx).id);
      ctx.attachment('turnproof-restock.csv');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = restockCsv(lines);
    },
  );

  return router;
}
