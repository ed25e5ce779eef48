import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { isV1Path } from '../v1/v1-paths.ts';
import { openApiRegistry } from './registry.ts';

type Paths = Record<string, Record<string, { tags?: string[] }>>;

/** The tags of the paths `matching`, in the document's order. */
const tagsOf = (paths: Paths, matching: (path: string) => boolean) => [
  ...new Set(
    Object.entries(paths)
      .filter(([path]) => matching(path))
      .flatMap(([, operations]) => Object.values(operations).flatMap((operation) => operation.tags ?? [])),
  ),
];

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
  const document = new OpenApiGeneratorV31(openApiRegistry.definitions).generateDocument({
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
  // The reference page (/developers) lists the public API first, the console's routes after it.
  const paths = (document.paths ?? {}) as Paths;
  return {
    ...document,
    'x-tagGroups': [
      { name: 'Public API (v1)', tags: tagsOf(paths, isV1Path) },
      { name: 'Console and accounts', tags: tagsOf(paths, (path) => !isV1Path(path)) },
    ],
  };
}
