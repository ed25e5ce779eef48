import { z } from 'zod';
import { badRequest } from '../http/errors.ts';

/** A position in a list ordered by (created_at, id): the row's time as PostgreSQL wrote it (microseconds) and its id. */
export interface Position {
  createdAt: string;
  id: string;
}

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;

const position = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}[ T][\d:.]+(Z|[+-]\d{2}(:?\d{2})?)$/), z.uuid()]);

/** The query of every v1 list: a page size and the cursor of the page before. */
export const pageQuery = {
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE}.` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE}.`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE}.`)
    .max(MAX_PAGE, `limit must be a whole number from 1 to ${MAX_PAGE}.`)
    .default(DEFAULT_PAGE)
    .meta({ description: `Records per page (default ${DEFAULT_PAGE})`, example: 50 }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page; leave out for the first page' }),
};

/**
 * The rows after a position in the order (created_at desc, id asc) of table `alias`: the bound on
 * created_at lets the (created_at desc, id) index start at the position.
 */
export const afterPosition = (alias: string) =>
  `${alias}.created_at <= ?::timestamptz and (${alias}.created_at < ?::timestamptz or ${alias}.id > ?::uuid)`;
export const positionParams = (at: Position) => [at.createdAt, at.createdAt, at.id];

/** Opaque to clients: base64url of the last row's position. */
export const encodeCursor = (at: Position) => Buffer.from(JSON.stringify([at.createdAt, at.id])).toString('base64url');

export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const parsed = position.safeParse(decoded);
  if (!parsed.success)
    throw badRequest('cursor is not one this API gave out; start again without it.', 'invalid_cursor');
  return { createdAt: parsed.data[0], id: parsed.data[1] };
}

/** A page of records and the cursor of the next one (null on the last page). */
export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    data: z.array(record),
    next_cursor: z.string().nullable().meta({
      description: 'Pass as `cursor` for the next page; null on the last',
      example: 'WyIyMDI2LTExLTI3IDEwOjAwOjAwLjEyMzQ1NiswMCIsIjNmYTg1ZjY0LTU3MTctNDU2Mi1iM2ZjLTJjOTYzZjY2YWZhNiJd',
    }),
  });
