import Router from '@koa/router';
import { API_KEY_SCOPES } from '@turnproof/db';
import { z } from 'zod';
import { requireUser } from '../auth/sessions.ts';
import type { AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { nameText, parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { apiKeyMessages, createApiKey, listApiKeys, revokeApiKey } from './api-key-service.ts';

const createKeyBody = z.object({
  name: nameText({ error: 'name must be text.' })
    .min(1, 'Please give the key a name.')
    .max(100, 'name must be at most 100 characters.'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'scopes may hold read and write.' }), { error: 'scopes must be a list.' })
    .min(1, 'Choose at least one scope: read or write.'),
});
const apiKeyRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  prefix: z.string().describe('The first characters of the key, to tell keys apart'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

/** The owner's keys for /api/v1, managed from the console (Settings, Developers). */
export function apiKeysRouter() {
  const router = new Router<AppState>({ prefix: '/api-keys' });
  const tags = ['API keys'];
  const errors = { 401: 'Authentication required', 403: apiKeyMessages.upgrade };

  addRoute(
    router,
    {
      method: 'get',
      path: '/',
      summary: 'The owner’s API keys, newest first (never the key itself)',
      tags,
      signedIn: true,
      ok: { description: 'API keys', schema: z.array(apiKeyRecord) },
      errors: { 401: 'Authentication required' },
    },
    async (ctx) => {
      ctx.body = await listApiKeys(ctx.state.em, requireUser(ctx).id);
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/',
      summary: 'Create an API key; the answer is the only time the key is shown',
      tags,
      body: createKeyBody,
      signedIn: true,
      ok: {
        status: 201,
        description: 'The key, with `key` shown this once',
        schema: apiKeyRecord.extend({ key: z.string().describe('tp_live_ and 32 random bytes, base64url') }),
      },
      errors,
    },
    async (ctx) => {
      const input = parseInput(createKeyBody, ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = await createApiKey(ctx.state.em, requireUser(ctx).id, input);
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/:id',
      summary: 'Revoke an API key at once',
      tags,
      params: z.object({ id: z.string() }),
      signedIn: true,
      ok: { description: 'The revoked key', schema: apiKeyRecord },
      errors: { 401: 'Authentication required', 404: apiKeyMessages.notFound },
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', apiKeyMessages.notFound);
      ctx.body = await revokeApiKey(ctx.state.em, requireUser(ctx).id, id);
    },
  );

  return router;
}
