import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';

/** The active trace as a W3C `traceparent` (to store beside work done later), or null without one. */
export function currentTraceParent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** Runs `work` in the trace a stored `traceparent` names, so later work joins the request that asked for it. */
export function inTraceOf<T>(traceParent: string | null, work: () => T): T {
  if (!traceParent) return work();
  return context.with(propagation.extract(ROOT_CONTEXT, { traceparent: traceParent }), work);
}
