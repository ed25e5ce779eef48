import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { openApiRegistry } from './registry.ts';

export function buildOpenApiDocument(serverUrl: string) {
  openApiRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'turnproof_session',
  });
  openApiRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key made in the console (Settings, Developers): `Authorization: Bearer tp_live_...`',
  });
  return new OpenApiGeneratorV31(openApiRegistry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Turnproof API',
      version: '1.0.0',
      description:
        'Owner console REST API (react-admin simple REST protocol), accounts and health; and the public API ' +
        'under /api/v1 (tag prefix "v1"), authenticated by an API key. Errors of /api/v1 are always ' +
        '`{error, code, request_id}`; its lists page with an opaque `cursor` (answered as `next_cursor`).',
    },
    servers: [{ url: serverUrl }],
  });
}
