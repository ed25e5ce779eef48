import { trace } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';
import type { Config } from './env.ts';

/**
 * The one logger of the API and the worker: JSON lines from pino at LOG_LEVEL, each with its process's
 * `service`. The worker hands it to Temporal (`Runtime.install({ logger })`), so the SDK's and the
 * activities' logs come out the same way as the API's request logs. With tracing on, a line written inside
 * a span carries its `trace_id` and `span_id`, so a log line leads to its trace.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, service: 'api' | 'worker'): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service }, mixin: traceIds });
}

function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan()?.spanContext();
  return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
