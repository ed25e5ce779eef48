/** Where the public API lives; its routers are mounted in the /api router under this prefix. */
export const V1_PREFIX = '/v1';
export const isV1Path = (path: string) => path === '/api/v1' || path.startsWith('/api/v1/');
