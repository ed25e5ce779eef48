// Worker process entry: its CPU priority first, then tracing, when configured (it hooks http, fetch and pg
// as they load, so it must start before they are imported), then the worker itself (run-worker.ts).
import { loadConfig } from '@turnproof/config';
import { startTracing } from '@turnproof/platform/tracing';
import { setProcessNiceness } from './process-priority.ts';

setProcessNiceness(loadConfig().WORKER_NICENESS);

await startTracing('turnproof-worker');
await import('./run-worker.ts');
