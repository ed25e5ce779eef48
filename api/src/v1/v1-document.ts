import type { Config } from '@turnproof/config';
import type { AppDeps } from '../app-deps.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { isV1Path } from './v1-paths.ts';
import { v1PropertiesRouter } from './v1-properties.ts';
import { v1RunsRouter } from './v1-runs.ts';
import { v1WebhooksRouter } from './v1-webhooks.ts';
import { v1WorkOrdersRouter } from './v1-work-orders.ts';

type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/**
 * The public API's part of a document: the /api/v1 paths and the bearer scheme they name. The console's
 * routes (session cookie, react-admin lists) are not for integrations, and a typed client made of them
 * would change with every console change.
 */
export function publicApiPart(document: OpenApiDocument): OpenApiDocument {
  const bearerAuth = document.components?.securitySchemes?.bearerAuth;
  return {
    ...document,
    paths: Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => isV1Path(path))),
    components: bearerAuth ? { securitySchemes: { bearerAuth } } : {},
  };
}

/**
 * The public API's document without a server (scripts/generate-client.ts): the v1 routers document their
 * routes as they are made. No request reaches them here, so their handlers' dependencies are never used;
 * only the configuration is read while they are made.
 */
export function buildPublicApiDocument(config: Config): OpenApiDocument {
  const documentOnly = { config } as AppDeps;
  v1PropertiesRouter(documentOnly);
  v1RunsRouter(documentOnly);
  v1WebhooksRouter(documentOnly);
  v1WorkOrdersRouter();
  return publicApiPart(buildOpenApiDocument(config.publicOrigin));
}
