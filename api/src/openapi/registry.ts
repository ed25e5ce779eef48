import { OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

/** Each router documents its routes here, next to their schemas; /api/openapi.json serves the result. */
export const openApiRegistry = new OpenAPIRegistry();

export const errorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  request_id: z.string().optional(),
});

const jsonContent = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

interface RouteDoc {
  method: RouteConfig['method'];
  path: string;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  ok?: { status?: number; description: string; schema?: z.ZodType };
  errors?: Record<number, string>;
  signedIn?: boolean;
}

export function documentRoute(doc: RouteDoc): void {
  const errorResponses = Object.fromEntries(
    Object.entries({ 400: 'Invalid input', ...doc.errors }).map(([status, description]) => [
      status,
      { description, ...jsonContent(errorBody) },
    ]),
  );
  openApiRegistry.registerPath({
    method: doc.method,
    path: doc.path.replace(/:(\w+)/g, '{$1}'),
    summary: doc.summary,
    tags: doc.tags,
    ...(doc.signedIn ? { security: [{ sessionCookie: [] }] } : {}),
    request: {
      ...(doc.body ? { body: jsonContent(doc.body) } : {}),
      ...(doc.query ? { query: doc.query } : {}),
      ...(doc.params ? { params: doc.params } : {}),
    },
    responses: {
      [doc.ok?.status ?? 200]: {
        description: doc.ok?.description ?? 'OK',
        ...(doc.ok?.schema ? jsonContent(doc.ok.schema) : {}),
      },
      ...errorResponses,
    },
  });
}
