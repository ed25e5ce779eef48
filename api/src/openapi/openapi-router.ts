import Router from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../http/context.ts';
import { buildOpenApiDocument } from './document.ts';
import { addRoute } from './registry.ts';

/** GET /api/openapi.json: the document of every route, built once when first asked for (all routers are registered by then). */
export function openApiRouter(serverUrl: string) {
  const router = new Router<AppState>();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  addRoute(
    router,
    {
      method: 'get',
      path: '/openapi.json',
      summary: 'This OpenAPI 3.1 document',
      tags: ['Health'],
      ok: {
        description: 'The OpenAPI document',
        schema: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
      },
    },
    (ctx) => {
      document ??= buildOpenApiDocument(serverUrl);
      ctx.body = document;
    },
  );
  return router;
}
