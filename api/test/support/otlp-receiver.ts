import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

/** A span as the receiver keeps it: ids in hex, whatever the protocol it came by. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** When it started and ended, in milliseconds since the epoch. */
  startMs: number;
  endMs: number;
  /** The OTLP encoding it arrived in. */
  protocol: 'http/json' | 'http/protobuf';
}

// The part of OTLP's ExportTraceServiceRequest the test reads (opentelemetry-proto, trace/v1 and common/v1).
const { root } = protobuf.parse(`
  syntax = "proto3";
  message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
  message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
  message Resource { repeated KeyValue attributes = 1; }
  message KeyValue { string key = 1; AnyValue value = 2; }
  message AnyValue { string string_value = 1; }
  message ScopeSpans { repeated Span spans = 2; }
  message Span {
    bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5;
    fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8;
  }
`);
const ExportRequest = root.lookupType('ExportTraceServiceRequest');

interface Attribute {
  key: string;
  value?: { stringValue?: string };
}
interface ResourceSpans {
  resource?: { attributes?: Attribute[] };
  scopeSpans?: {
    spans?: {
      traceId: string;
      spanId: string;
      parentSpanId?: string;
      name: string;
      startTimeUnixNano?: string;
      endTimeUnixNano?: string;
    }[];
  }[];
}

/** Nanoseconds (a decimal string: beyond a double's exact range) to milliseconds. */
const millis = (nanos: string | undefined) => Number(BigInt(nanos ?? '0') / 1000n) / 1000;

const hex = (value: unknown) =>
  value instanceof Uint8Array ? Buffer.from(value).toString('hex') : String(value ?? '');

/** Reads an export in either encoding into one shape (protobufjs's object form names fields in camelCase). */
function spansOf(body: Buffer, contentType: string): ReceivedSpan[] {
  const protocol = contentType.includes('json') ? 'http/json' : 'http/protobuf';
  const request = (
    protocol === 'http/json'
      ? JSON.parse(body.toString('utf8'))
      : ExportRequest.toObject(ExportRequest.decode(body), { defaults: true, longs: String })
  ) as { resourceSpans?: ResourceSpans[] };
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service =
      resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value?.stringValue ??
      '';
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: hex(span.traceId),
        spanId: hex(span.spanId),
        parentSpanId: hex(span.parentSpanId),
        name: span.name,
        startMs: millis(span.startTimeUnixNano),
        endMs: millis(span.endTimeUnixNano),
        protocol,
      })),
    );
  });
}

/** An OTLP/HTTP trace receiver on loopback (what a collector's otlp receiver does), keeping every span. */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces')
        spans.push(...spansOf(Buffer.concat(chunks), request.headers['content-type'] ?? ''));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The value for OTEL_EXPORTER_OTLP_ENDPOINT (exporters add /v1/traces). */
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
