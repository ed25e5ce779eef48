import { register } from 'node:module';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';

export type { SpanProcessor };

/**
 * OpenTelemetry tracing of one process (the API or the worker), off unless the standard
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set. Spans go out by OTLP over
 * HTTP, as `http/protobuf` (the default) or `http/json` (`OTEL_EXPORTER_OTLP_PROTOCOL`); the process is named
 * by `OTEL_SERVICE_NAME` or its default. The SDK's instrumentations cover incoming HTTP (Koa's routes),
 * outgoing HTTP (node:http, so S3, and fetch: webhooks, Twilio) and PostgreSQL; the Temporal interceptors
 * (temporal/) join workflows and activities to the trace that started them.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

interface RunningTracing {
  spanProcessor: SpanProcessor;
  serviceName: string;
  shutdown: () => Promise<void>;
}

let running: RunningTracing | null = null;

/** The running tracing's span processor and service name (the worker's workflow spans use them), or null. */
export const currentTracing = (): Omit<RunningTracing, 'shutdown'> | null => running;

/**
 * Starts tracing when it is configured; must run before the modules it instruments are imported (each
 * process entry awaits it first, then imports the rest), since ESM modules are hooked as they load. The
 * SDK itself is imported only then: a process without tracing loads none of it.
 */
export async function startTracing(defaultServiceName: string): Promise<void> {
  if (running || !tracingEnabled()) return;
  register('import-in-the-middle/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { BatchSpanProcessor }, http, undici, koa, pg, exporter] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-koa'),
    import('@opentelemetry/instrumentation-pg'),
    traceExporter(),
  ]);
  const serviceName = process.env.OTEL_SERVICE_NAME || defaultServiceName;
  const spanProcessor = new BatchSpanProcessor({ exporter });
  const sdk = new NodeSDK({
    serviceName,
    spanProcessors: [spanProcessor],
    instrumentations: [
      // Health checks and metrics scrapes would be most of the spans and tell nothing.
      new http.HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/api/health' }),
      new undici.UndiciInstrumentation(),
      new koa.KoaInstrumentation(),
      // Statements of a request or an activity; the outbox's and the health check's polling would drown them.
      new pg.PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  running = { spanProcessor, serviceName, shutdown: () => sdk.shutdown() };
}

/** The OTLP exporter of `OTEL_EXPORTER_OTLP_PROTOCOL`; each reads its endpoint and headers from the environment. */
async function traceExporter() {
  const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol === 'http/json')
    return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  if (protocol && protocol !== 'http/protobuf') {
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use http/protobuf or http/json.`);
  }
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

/** Sends the spans still buffered and stops (a process's shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const stopping = running;
  running = null;
  await stopping?.shutdown();
}
