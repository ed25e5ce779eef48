import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { parseId } from '../http/simple-rest.ts';
import { parseInput } from '../http/validation.ts';
import { addRoute, type RouteDoc } from '../openapi/registry.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  webhookDeliveryRecord,
  webhookEndpointBody,
  webhookEndpointRecord,
  webhookMessages,
} from './webhook-service.ts';

/** How the routes know their caller: the console's session, or /api/v1's key. */
export interface WebhookCaller {
  owner: (ctx: AppContext) => string;
  /** The route's authentication in the OpenAPI document. */
  auth: Pick<RouteDoc, 'signedIn' | 'bearer'>;
  /** The route's error answers, given its own. */
  errors: (own: Record<number, string>) => Record<number, string>;
  tags: string[];
  /** The public API's document names each operation (its typed client's methods); the console's does not. */
  namesOperations?: boolean;
}

const endpointParams = z.object({ id: z.uuid().meta({ description: 'The webhook endpoint id' }) });
const deliveryParams = z.object({ id: z.uuid().meta({ description: 'The webhook delivery id' }) });

/** The webhook endpoints and their deliveries, on the console's router or on /api/v1's, scoped to the caller. */
export function addWebhookRoutes(router: Router<AppState>, deps: AppDeps, caller: WebhookCaller): void {
  const { auth, tags } = caller;
  const named = (operationId: string) => (caller.namesOperations ? { operationId } : {});
  const settings = {
    secretKey: deps.config.SECRET_KEY,
    allowPrivateAddresses: deps.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
  };

  addRoute(
    router,
    {
      method: 'get',
      path: '/webhook-endpoints',
      ...named('listWebhookEndpoints'),
      summary: 'The webhook endpoints, newest first (never the signing secret)',
      tags,
      ...auth,
      ok: { description: 'Webhook endpoints', schema: z.object({ data: z.array(webhookEndpointRecord) }) },
      errors: caller.errors({}),
    },
    async (ctx) => {
      ctx.body = { data: await listWebhookEndpoints(ctx.state.em, caller.owner(ctx)) };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/webhook-endpoints',
      ...named('createWebhookEndpoint'),
      summary: 'Add a webhook endpoint; the answer is the only time its signing secret is shown',
      tags,
      body: webhookEndpointBody,
      ...auth,
      ok: {
        status: 201,
        description: 'The endpoint, with `secret` shown this once',
        schema: webhookEndpointRecord.extend({
          secret: z.string().describe('whsec_ and 32 random bytes, base64url: the HMAC key of the signatures'),
        }),
      },
      errors: caller.errors({ 400: 'A bad url (not http(s), a private address, another port) or event list' }),
    },
    async (ctx) => {
      const input = parseInput(webhookEndpointBody, ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = await createWebhookEndpoint(ctx.state.em, caller.owner(ctx), input, settings);
    },
  );

  addRoute(
    router,
    {
      method: 'delete',
      path: '/webhook-endpoints/:id',
      ...named('deleteWebhookEndpoint'),
      summary: 'Delete a webhook endpoint: nothing more is sent to it',
      tags,
      params: endpointParams,
      ...auth,
      ok: { description: 'The deleted endpoint', schema: webhookEndpointRecord },
      errors: caller.errors({ 404: webhookMessages.notFound }),
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', webhookMessages.notFound);
      ctx.body = await deleteWebhookEndpoint(ctx.state.em, caller.owner(ctx), id);
    },
  );

  addRoute(
    router,
    {
      method: 'get',
      path: '/webhook-endpoints/:id/deliveries',
      ...named('listWebhookDeliveries'),
      summary: "An endpoint's recent deliveries, newest first (status, response code, last attempt)",
      tags,
      params: endpointParams,
      ...auth,
      ok: { description: 'Deliveries', schema: z.object({ data: z.array(webhookDeliveryRecord) }) },
      errors: caller.errors({ 404: webhookMessages.notFound }),
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', webhookMessages.notFound);
      ctx.body = { data: await listWebhookDeliveries(ctx.state.em, caller.owner(ctx), id) };
    },
  );

  addRoute(
    router,
    {
      method: 'post',
      path: '/webhook-deliveries/:id/resend',
      ...named('resendWebhookDelivery'),
      summary: 'Send a delivery again: the same event id and body, a new attempt',
      tags,
      params: deliveryParams,
      ...auth,
      ok: { status: 202, description: 'The delivery, pending again', schema: webhookDeliveryRecord },
      errors: caller.errors({ 404: webhookMessages.deliveryNotFound, 409: webhookMessages.disabled }),
    },
    async (ctx) => {
      const id = parseId(ctx.params.id ?? '', webhookMessages.deliveryNotFound);
      ctx.body = await resendWebhookDelivery(ctx.state.em, caller.owner(ctx), id);
      ctx.status = 202;
      deps.outbox.nudge();
    },
  );
}
