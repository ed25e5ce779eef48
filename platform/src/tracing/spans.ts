import { SpanStatusCode, trace } from '@opentelemetry/api';

const tracer = trace.getTracer('turnproof');

/**
 * Runs `work` inside a span of its own (a mail sent, a PDF rendered: work the SDK's instrumentations do not
 * see). Without tracing the API's no-op tracer makes this a plain call.
 */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  work: () => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
