// API process entry: tracing first, when configured (it hooks Koa, http and pg as they load, so it must
// start before they are imported), then the API itself (serve-api.ts).
import { startTracing } from '@turnproof/platform/tracing';

await startTracing('turnproof-api');
await import('./serve-api.ts');
