import { createServer, type Server } from 'node:http';
import { rateWebVital, type WebVitalApp, type WebVitalName } from '@turnproof/config';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The API's Prometheus series: request rate, latency and errors by route, Node's process metrics, and
 * the web vitals the front ends report from people's browsers.
 */
export interface HttpMetrics {
  registry: Registry;
  middleware: Middleware;
  recordWebVital(app: WebVitalApp, name: WebVitalName, value: number): void;
}

export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'turnproof_api_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'turnproof_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'turnproof_http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'turnproof_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const webVitals = new Counter({
    name: 'turnproof_web_vitals_total',
    help: "Page loads' web vitals reported by the browsers, by front end, metric and rating (the spec's thresholds)",
    labelNames: ['app', 'metric', 'rating'],
    registers: [registry],
  });

  const middleware: Middleware = async (ctx, next) => {
    const stop = duration.startTimer();
    try {
      await next();
    } finally {
      // The router's pattern (`/api/runs/:id`), never the raw path, keeps the label set small.
      const matched = (ctx as { _matchedRoute?: string })._matchedRoute;
      const route = matched ?? (ctx.path.startsWith('/api/') ? 'unmatched' : 'static');
      const labels = { method: ctx.method, route, status: String(ctx.status) };
      requests.inc(labels);
      stop(labels);
      if (ctx.status >= 500) errors.inc({ method: ctx.method, route });
    }
  };
  return {
    registry,
    middleware,
    recordWebVital: (app, name, value) => webVitals.inc({ app, metric: name, rating: rateWebVital(name, value) }),
  };
}

/** Serves `GET /metrics` on its own port, so scrapes never pass the public load balancer. */
export function serveMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
