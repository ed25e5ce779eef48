import { createRequire } from 'node:module';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import { currentTracing, type SpanProcessor } from '@turnproof/platform/tracing';

/**
 * Temporal's OpenTelemetry interceptors, in the workflow bundle: a workflow started inside a trace (the
 * API's client interceptor put it in the start's headers) makes spans of its own and passes the trace on
 * to its activities. They are always bundled (the bundle is built once, tracing or not); their span ids
 * come from the workflow's seeded random numbers, and they add headers, never commands, so histories
 * recorded before them replay unchanged (temporal/test's replay tests).
 */
export const tracingWorkflowModules = [
  createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
];

/** Each activity runs in a span under the workflow's (mail, PDF, S3 and HTTP spans nest under it). */
export const tracingActivityInterceptors: ActivityInterceptorsFactory = (ctx) => ({
  inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
  outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
});

/** Drops the workflow spans of a worker without tracing. */
const discard = { onStart() {}, onEnd() {}, forceFlush: async () => {}, shutdown: async () => {} };

/** What the interceptors' workflow spans (OpenTelemetry 1.x) have that 2.x and later name differently. */
interface WorkflowSpan {
  spanContext(): { traceId: string; traceFlags: number };
  parentSpanId?: string;
  instrumentationLibrary?: unknown;
}

/**
 * Hands the workflow's spans to the process's span processor (OpenTelemetry 3.x) under the names it reads:
 * `instrumentationScope` and `parentSpanContext` (1.x's `instrumentationLibrary` and `parentSpanId`).
 * Without this the OTLP exporter fails on the whole batch, activities' spans with it.
 */
function workflowSpansTo(processor: SpanProcessor) {
  return {
    onStart() {},
    onEnd(span: WorkflowSpan) {
      const { traceId, traceFlags } = span.spanContext();
      processor.onEnd({
        ...span,
        instrumentationScope: span.instrumentationLibrary,
        parentSpanContext: span.parentSpanId ? { traceId, spanId: span.parentSpanId, traceFlags } : undefined,
      } as unknown as Parameters<SpanProcessor['onEnd']>[0]);
    },
    forceFlush: () => processor.forceFlush(),
    shutdown: async () => {},
  };
}

/**
 * The sink the bundled workflow interceptors export their spans through: the process's span processor
 * when tracing is on, else one that drops them (a missing sink would be an error on every workflow task).
 */
export function tracingSinks(): InjectedSinks<Record<string, never>> {
  const tracing = currentTracing();
  const resource = resourceFromAttributes({ 'service.name': tracing?.serviceName ?? 'turnproof-worker' });
  // The interceptors' types name OpenTelemetry 1.x classes; what is passed has their shape.
  const exporter = makeWorkflowExporter(
    (tracing ? workflowSpansTo(tracing.spanProcessor) : discard) as unknown as Parameters<
      typeof makeWorkflowExporter
    >[0],
    resource as unknown as Parameters<typeof makeWorkflowExporter>[1],
  );
  return { exporter } as unknown as InjectedSinks<Record<string, never>>;
}
