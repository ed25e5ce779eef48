import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { openApiRegistry } from './registry.ts';

export function buildOpenApiDocument(serverUrl: string) {
  openApiRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'turnproof_session',
  });
  return new OpenApiGeneratorV31(openApiRegistry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Turnproof API',
      version: '1.0.0',
      description: 'Owner console REST API (react-admin simple REST protocol), accounts and health.',
    },
    servers: [{ url: serverUrl }],
  });
}
