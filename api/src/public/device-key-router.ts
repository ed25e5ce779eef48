import Router from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../http/context.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute } from '../openapi/registry.ts';
import { deviceKeyMessages, devicePublicKey, registerDeviceKey } from './device-keys.ts';
import { token } from './public-input.ts';
import { assertOpen, linkMessages, runForToken } from './run-access.ts';

const deviceKeyBody = z.object({ token, public_key: devicePublicKey });
const deviceKeyAnswer = z.object({ ok: z.literal(true), device_key_id: z.uuid() });

/** A runner phone registers the public key it signs its actions with, once per run it opens. */
export function deviceKeyRouter() {
  const router = new Router<AppState>({ prefix: '/public' });
  addRoute(
    router,
    {
      method: 'post',
      path: '/device-key',
      summary:
        "Register this phone's public signing key (ECDSA P-256 JWK) with the link's run; the same key again answers the same id",
      tags: ['Runner (magic link)'],
      body: deviceKeyBody,
      ok: { status: 201, description: 'The id the phone sends with each signed action', schema: deviceKeyAnswer },
      errors: {
        400: deviceKeyMessages.invalidKey,
        404: linkMessages.invalid,
        409: linkMessages.completed,
        410: linkMessages.revoked,
        429: deviceKeyMessages.tooMany,
      },
    },
    async (ctx) => {
      const body = parseInput(deviceKeyBody, ctx.request.body);
      const run = await runForToken(ctx.state.em, body.token);
      assertOpen(run);
      const key = await registerDeviceKey(ctx.state.em, run, body.public_key);
      ctx.status = key.created ? 201 : 200;
      ctx.body = { ok: true, device_key_id: key.id };
    },
  );
  return router;
}
