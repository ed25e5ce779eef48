// Worker process entry: tracing first, when configured (it hooks http, fetch and pg as they load, so it
// must start before they are imported), then the worker itself (run-worker.ts).
import { startTracing } from '@turnproof/platform/tracing';

await startTracing('turnproof-worker');
await import('./run-worker.ts');
