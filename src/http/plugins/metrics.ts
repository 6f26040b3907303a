import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DocumentReader, ReaderStats } from '../../pipeline/model/reader.js';

export interface MetricsOptions {
  defaultMetrics: boolean;
  /** Its pool figures are read at every scrape; a reader without them exports no reading metrics. */
  reader: Pick<DocumentReader, 'stats'>;
  /**
   * METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>` (401 otherwise);
   * undefined: the route does not exist (404). Request and error figures and the pool's load
   * are nobody else's business (issue 19).
   */
  token: string | undefined;
}

/**
 * Prometheus metrics: request counts and latency by route, method, status and document_type,
 * and the reading pool's occupancy (how many reads wait for a thread: the figure to scale out
 * on, docs/deploy.md). One registry per app (not prom-client's global), so several apps in one
 * process — tests, benchmarks — never share counters. Labels hold route patterns, never raw
 * URLs or content.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): Registry {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const { reader } = options;
  if (reader.stats) installReadingMetrics(registry, () => reader.stats!());
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

  const { token } = options;
  if (token !== undefined) {
    const expected = digest(token);
    const authorized = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const sent = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
      // Compared as SHA-256 digests: equal length, so timingSafeEqual says nothing about length.
      if (sent === null || !timingSafeEqual(digest(sent), expected)) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Unauthorized\n');
      }
    };
    app.get('/metrics', { schema: { hide: true }, onRequest: authorized }, async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    });
  }
  return registry;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Gauges read from the pool at scrape time; its totals since start are exported as counters. */
function installReadingMetrics(registry: Registry, figures: () => ReaderStats): void {
  const now = (name: string, help: string, pick: (f: ReaderStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(figures()));
      },
    });
  const total = (name: string, help: string, pick: (f: ReaderStats) => number) => {
    let exported = 0;
    return new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const value = pick(figures());
        if (value > exported) this.inc(value - exported);
        exported = Math.max(exported, value);
      },
    });
  };
  now('klartext_reading_threads', 'Threads of the reading pool (WORKER_POOL_SIZE and the light lane for text passes)', (f) => f.threads);
  now('klartext_reading_running', 'Reading tasks (text layers, OCR pages) on a pool thread now', (f) => f.running);
  now('klartext_reading_ocr_running', 'Pages being read by OCR on a pool thread now', (f) => f.runningOcr);
  now('klartext_reading_queued', 'Reads waiting for a pool thread now', (f) => f.queued);
  total('klartext_reading_refused_total', 'Reads refused for lack of capacity (503 service_unavailable)', (f) => f.refused);
  total('klartext_reading_ocr_pages_total', 'Pages read by OCR', (f) => f.ocrPages);
  total('klartext_reading_blank_pages_total', 'Blank pages, neither rendered nor read by OCR', (f) => f.blankPages);
}
