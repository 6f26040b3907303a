import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics: request counts and latency by route, method, status and document_type.
 * One registry per app (not prom-client's global), so several apps in one process — tests,
 * benchmarks — never share counters. Labels hold route patterns, never raw URLs or content.
 */
export function installMetrics(app: FastifyInstance, options: { defaultMetrics: boolean }): Registry {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const labelNames = ['route', 'method', 'status', 'document_type'] as const;
  const requests = new Counter({
    name: 'klartext_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method, status and document_type',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'klartext_http_request_duration_seconds',
    help: 'Time from request start to response end, by route pattern, method, status and document_type',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
      document_type: request.documentType ?? '',
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
