import { OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Router, RouterMiddleware } from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../http/context.ts';

/** Each router documents its routes here, next to their schemas; /api/openapi.json serves the result. */
export const openApiRegistry = new OpenAPIRegistry();

export const errorBody = z.object({
  error: z.string().describe('What went wrong, as an English sentence'),
  code: z
    .string()
    .optional()
    .describe(
      'A stable machine-readable code for errors people read (e.g. invalid_credentials, INVALID_CODE, ' +
        'too_many_sign_in_failures, property_limit, invalid_field), so a client can say them in its own language',
    ),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe("The numbers and names of the code's sentence (count: the number its plural follows)"),
  request_id: z.string().optional(),
});

const contentRangeHeader = {
  description:
    'The page and the total, as react-admin reads it: `{resource} {first}-{last}/{total}`, e.g. `properties 0-9/42`',
  schema: { type: 'string' as const, example: 'properties 0-9/42' },
};

const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests the key may make in the window', schema: { type: 'integer' as const } },
  'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' as const } },
  'RateLimit-Reset': { description: 'Seconds until the window starts again', schema: { type: 'integer' as const } },
};

const jsonContent = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

/** Every API router is mounted under this prefix (app.ts). */
export const API_PREFIX = '/api';

export interface RouteDoc {
  method: RouteConfig['method'];
  /** The route's path on its router (Koa syntax, `:id`), as given to `router.get(path, ...)`. */
  path: string;
  /** A stable name of the operation for generated clients and the reference page (public API routes). */
  operationId?: string;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** The success answer: JSON with `schema`, or a file of `contentType` (ZIP, PDF, HTML, media). */
  ok?: { status?: number; description: string; schema?: z.ZodType; contentType?: string };
  /** A 202 answer beside the success one: the work goes on elsewhere, and this JSON says how far it is. */
  accepted?: { description: string; schema: z.ZodType };
  /** A react-admin list: the answer's `Content-Range` carries the total. */
  list?: boolean;
  errors?: Record<number, string>;
  signedIn?: boolean;
  /** A public API route (/api/v1): an API key as `Authorization: Bearer`, with RateLimit-* headers. */
  bearer?: boolean;
  /** Request headers the route reads (such as Idempotency-Key). */
  headers?: z.ZodObject;
}

/** The full path of a router's route, as a request names it: `/api` + the router's prefix + the path. */
export function fullPath(router: Router<AppState>, path: string): string {
  return `${API_PREFIX}${router.opts.prefix ?? ''}${path === '/' ? '' : path}`;
}

/**
 * Registers a route on its router and its OpenAPI entry from one description, so no route goes
 * undocumented and the document never names a route that does not exist.
 */
export function addRoute(router: Router<AppState>, doc: RouteDoc, ...handlers: RouterMiddleware<AppState>[]): void {
  router.register(doc.path, [doc.method.toUpperCase()], handlers);
  documentRoute({ ...doc, path: fullPath(router, doc.path) });
}

/** The routes documented so far: a process that builds the app more than once (tests) documents each once. */
const documented = new Set<string>();

function documentRoute(doc: RouteDoc): void {
  const key = `${doc.method} ${doc.path}`;
  if (documented.has(key)) return;
  documented.add(key);
  const errorResponses = Object.fromEntries(
    Object.entries({ 400: 'Invalid input', ...doc.errors }).map(([status, description]) => [
      status,
      { description, ...jsonContent(errorBody) },
    ]),
  );
  openApiRegistry.registerPath({
    method: doc.method,
    path: doc.path.replace(/:(\w+)/g, '{$1}'),
    ...(doc.operationId ? { operationId: doc.operationId } : {}),
    summary: doc.summary,
    tags: doc.tags,
    ...(doc.signedIn ? { security: [{ sessionCookie: [] }] } : {}),
    ...(doc.bearer ? { security: [{ bearerAuth: [] }] } : {}),
    request: {
      ...(doc.headers ? { headers: doc.headers } : {}),
      ...(doc.body ? { body: jsonContent(doc.body) } : {}),
      ...(doc.query ? { query: doc.query } : {}),
      ...(doc.params ? { params: doc.params } : {}),
    },
    responses: {
      [doc.ok?.status ?? 200]: {
        description: doc.ok?.description ?? 'OK',
        ...(doc.ok?.schema
          ? doc.ok.contentType
            ? { content: { [doc.ok.contentType]: { schema: doc.ok.schema } } }
            : jsonContent(doc.ok.schema)
          : {}),
        ...(doc.list ? { headers: { 'Content-Range': contentRangeHeader } } : {}),
        ...(doc.bearer ? { headers: rateLimitHeaders } : {}),
      },
      ...(doc.accepted ? { 202: { description: doc.accepted.description, ...jsonContent(doc.accepted.schema) } } : {}),
      ...errorResponses,
    },
  });
}
