import type { QueryOrder } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';
import { jsonQueryParam } from './validation.ts';

export const MAX_PAGE_SIZE = 500;

/** One id or a list of them (getMany). */
export const idList = z.union([z.uuid(), z.array(z.uuid()).max(MAX_PAGE_SIZE)]);

/**
 * The list query of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[start,end]` (inclusive) and
 * `filter={...}`. As react-admin expects of every resource: `id` is sortable (its default sort), getMany
 * arrives as `filter={"id":[...]}`, and a filter key the resource does not know is refused by name.
 */
export function listQuerySchema<const F extends string, S extends z.ZodRawShape>(sortable: readonly F[], filter: S) {
  const fields = ['id', ...sortable] as const;
  const filterKeys = ['id', ...Object.keys(filter)];
  return z.object({
    sort: jsonQueryParam('sort').pipe(
      z
        .tuple([z.enum(fields as unknown as ['id', ...F[]]), z.enum(['ASC', 'DESC', 'asc', 'desc'])], {
          error: `sort must look like ["field","ASC"] with field one of: ${fields.join(', ')}.`,
        })
        .optional(),
    ),
    range: jsonQueryParam('range').pipe(
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)], {
          error: 'range must look like [start,end] with whole numbers.',
        })
        .refine(([start, end]) => end >= start, 'range end must not be before its start.')
        .optional(),
    ),
    filter: jsonQueryParam('filter').pipe(
      z
        .strictObject(
          { id: idList.optional(), ...filter },
          {
            error: (issue) =>
              issue.code === 'unrecognized_keys'
                ? `filter has no key ${issue.keys.map((key) => `"${key}"`).join(', ')}; it takes: ${filterKeys.join(', ')}.`
                : undefined,
          },
        )
        .optional(),
    ),
  });
}

export function pageOf(range: [number, number] | undefined) {
  if (!range) return { offset: 0, limit: MAX_PAGE_SIZE };
  const [start, end] = range;
  return { offset: start, limit: Math.min(end - start + 1, MAX_PAGE_SIZE) };
}

/** The list's order: the requested sort or the resource's default, then `tieBreakers` for a stable page order. */
export function orderOf<F extends string>(
  sort: [F, string] | undefined,
  fallback: Partial<Record<F, QueryOrder | 'asc' | 'desc'>>,
  tieBreakers: Record<string, 'asc' | 'desc'> = { id: 'asc' },
): Record<string, QueryOrder | 'asc' | 'desc'> {
  const order: Record<string, QueryOrder | 'asc' | 'desc'> = sort
    ? { [sort[0]]: sort[1].toLowerCase() as 'asc' | 'desc' }
    : { ...(fallback as Record<string, QueryOrder | 'asc' | 'desc'>) };
  for (const [field, direction] of Object.entries(tieBreakers)) if (!(field in order)) order[field] = direction;
  return order;
}

/** `Content-Range: properties 0-9/42`, exposed so the browser lets react-admin read it. */
export function sendList(ctx: AppContext, resource: string, offset: number, items: unknown[], total: number) {
  const end = items.length === 0 ? offset : offset + items.length - 1;
  ctx.set('Content-Range', `${resource} ${offset}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.body = items;
}

/** Ids are UUIDs; anything else cannot name a record, so it is simply not found. */
export function parseId(raw: string, notFoundMessage: string): string {
  if (!z.uuid().safeParse(raw).success) throw notFound(notFoundMessage);
  return raw;
}
