export { currentTracing, startTracing, stopTracing, tracingEnabled, type SpanProcessor } from './tracing.ts';
export { inSpan } from './spans.ts';
export { currentTraceParent, inTraceOf } from './trace-context.ts';
