import type { QueryOrder } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';
import { jsonQueryParam } from './validation.ts';

export const MAX_PAGE_SIZE = 500;

/**
 * The list query of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[start,end]` (inclusive) and
 * `filter={...}`; getMany arrives as `filter={"id":[...]}`.
 */
export function listQuerySchema<const F extends string, S extends z.ZodObject>(sortable: readonly F[], filter: S) {
  return z.object({
    sort: jsonQueryParam('sort').pipe(
      z
        .tuple([z.enum(sortable as unknown as [F, ...F[]]), z.enum(['ASC', 'DESC', 'asc', 'desc'])], {
          error: `sort must look like ["field","ASC"] with field one of: ${sortable.join(', ')}.`,
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
    filter: jsonQueryParam('filter').pipe(filter.optional()),
  });
}

export function pageOf(range: [number, number] | undefined) {
  if (!range) return { offset: 0, limit: MAX_PAGE_SIZE };
  const [start, end] = range;
  return { offset: start, limit: Math.min(end - start + 1, MAX_PAGE_SIZE) };
}

export function orderOf<F extends string>(
  sort: [F, string] | undefined,
  fallback: Partial<Record<F, QueryOrder | 'asc' | 'desc'>>,
) {
  if (!sort) return fallback;
  return { [sort[0]]: sort[1].toLowerCase() as 'asc' | 'desc' } as Partial<Record<F, 'asc' | 'desc'>>;
}

/** `Content-Range: properties 0-9/42`, exposed so the browser lets react-admin read it. */
export function sendList(ctx: AppContext, resource: string, offset: number, items: unknown[], total: number) {
  const end = items.length === 0 ? offset : offset + items.length - 1;
  ctx.set('Content-Range', `${resource} ${offset}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.body = items;
}

export const idList = z.union([z.uuid(), z.array(z.uuid()).max(MAX_PAGE_SIZE)]);

/** Ids are UUIDs; anything else cannot name a record, so it is simply not found. */
export function parseId(raw: string, notFoundMessage: string): string {
  if (!z.uuid().safeParse(raw).success) throw notFound(notFoundMessage);
  return raw;
}
