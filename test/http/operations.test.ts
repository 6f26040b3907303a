import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, describe, test } from 'node:test';
import { readingFixture } from '../../scripts/fixtures/generate.js';
import { createDocumentReader, defaultReaderConfig } from '../../src/pipeline/reading/read-document.js';
import { closeGracefully } from '../../src/http/app.js';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/domain/error-codes.js';
import { payslipLines, textPdf } from '../support/documents.js';
import { answeringPipelines } from '../support/pipelines.js';
import { hasRedisServerBinary, startThrowawayRedis } from '../support/throwaway-redis.js';
import { analyze, closeSharedReader, createOrg, startServer } from '../support/server.js';

after(closeSharedReader);

/** /metrics is served only with METRICS_TOKEN (test/http/metrics-access.test.ts). */
const METRICS_TOKEN = 'operations-test-metrics-token-0123456789';
const scrape = (url: string) => fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

// The suite's bound must hold its slowest test (the reading-pool test OCRs scans: up to 180 s on a loaded machine).
describe('operations endpoints', { timeout: 300_000 }, () => {
  test('/healthz and /readyz; readyz is 503 once the database is gone', async () => {
    const server = await startServer();
    try {
      assert.deepEqual(await (await fetch(`${server.url}/healthz`)).json(), { status: 'ok' });
      assert.deepEqual(await (await fetch(`${server.url}/readyz`)).json(), { status: 'ready' });
      await server.store.close();
      const down = await fetch(`${server.url}/readyz`);
      assert.equal(down.status, 503);
      assert.equal(((await down.json()) as { status: string }).status, 'unavailable');
    } finally {
      await server.app.close();
      await server.db.drop();
    }
  });

  test('/readyz is 503 while the shared rate-limit store is down', { skip: hasRedisServerBinary ? false : 'no redis-server binary' }, async () => {
    const redis = await startThrowawayRedis();
    try {
      const server = await startServer({ redisUrl: redis.url });
      try {
        assert.deepEqual(await (await fetch(`${server.url}/readyz`)).json(), { status: 'ready' });
        await redis.kill();
        const down = await fetch(`${server.url}/readyz`);
        assert.equal(down.status, 503);
        assert.match(((await down.json()) as { reason: string }).reason, /rate-limit store/);
        // Keyed requests fail clearly rather than going unlimited.
        const org = await createOrg(server);
        const res = await fetch(`${server.url}/api/v1/usage`, { headers: { authorization: `Bearer ${org.apiKey}` } });
        assert.equal(res.status, 503);
        assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'service_unavailable');
        assert.ok(Number(res.headers.get('retry-after')) >= 1);
      } finally {
        await server.close();
      }
    } finally {
      await redis.kill();
    }
  });

  test('closing cuts a connection whose request never finishes arriving', async () => {
    const server = await startServer();
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers of an upload whose body never comes: a request in flight that would otherwise
    // hold the close until REQUEST_TIMEOUT_MS.
    socket.write('POST /api/v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.resume(); // read whatever the server answers, so that its closing reaches 'close'
    await new Promise((r) => setTimeout(r, 100));
    await closeGracefully(server.app, 200);
    await closed; // the test runner's timeout is the bound: this must not wait for the request timeout
    await server.store.close();
    await server.db.drop();
  });

  test('/metrics counts requests and latency by route, status and document_type', async () => {
    const server = await startServer({ pipelines: answeringPipelines(), config: { metricsToken: METRICS_TOKEN } });
    try {
      const org = await createOrg(server, { tier: 'pro' });
      const pdf = await textPdf([payslipLines()]);
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: pdf })).status, 200);
      assert.equal((await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: pdf })).status, 422);
      const text = await (await scrape(server.url)).text();
      assert.match(
        text,
        /klartext_http_requests_total\{route="\/api\/v1\/analyze",method="POST",status="200",document_type="lohnabrechnung"\} 1/,
      );
      assert.match(text, /status="422",document_type="kontoauszug"\} 1/);
      assert.match(text, /klartext_http_request_duration_seconds_bucket\{le="0\.5",route="\/api\/v1\/analyze"/);
    } finally {
      await server.close();
    }
  });

  // Six pages of OCR on one thread: seconds on an idle machine, more on a crowded one.
  test('/metrics exports the reading pool: reads on a thread and waiting for one while scans are read, then pages by OCR', { timeout: 180_000 }, async () => {
    const reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
    const server = await startServer({ reader, config: { metricsToken: METRICS_TOKEN } });
    const metric = async (name: string) => {
      const text = await (await scrape(server.url)).text();
      const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
      assert.ok(m, `${name} exported`);
      return Number(m[1]);
    };
    try {
      const org = await createOrg(server, { tier: 'pro' });
      // One thread of WORKER_POOL_SIZE and the light lane's.
      assert.deepEqual([await metric('klartext_reading_threads'), await metric('klartext_reading_running'), await metric('klartext_reading_ocr_pages_total')], [2, 0, 0]);
      const scan = await readingFixture('scan3');
      // Two 3-page scans on one thread: while they are read one task runs and the rest wait.
      const calls = [0, 1].map(() => analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: scan }));
      const figures = async () => ({
        running: await metric('klartext_reading_running'),
        ocr: await metric('klartext_reading_ocr_running'),
        queued: await metric('klartext_reading_queued'),
      });
      let busy = await figures();
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(busy.ocr === 1 && busy.queued >= 1)) {
        busy = await figures();
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.equal(busy.ocr, 1, 'one page read by OCR on the one OCR thread');
      // Beside it, at most the other scan's text pass on the light lane.
      assert.ok(busy.running >= 1 && busy.running <= 2, `running ${busy.running}`);
      assert.ok(busy.queued >= 1, 'the other reads wait for it');
      // Both are read to their end (what the pages say is not this test's business), none refused.
      for (const res of await Promise.all(calls)) assert.notEqual(res.status, 503);
      assert.deepEqual(await figures(), { running: 0, ocr: 0, queued: 0 });
      assert.equal(await metric('klartext_reading_ocr_pages_total'), 6);
      assert.equal(await metric('klartext_reading_refused_total'), 0);
    } finally {
      await server.close();
      await reader.close();
    }
  });

  test('OpenAPI document: every route, the multipart form, and every error code', async () => {
    const server = await startServer();
    try {
      const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
        openapi: string;
        info: { description: string };
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>>;
        components: { securitySchemes: Record<string, unknown> };
      };
      assert.match(doc.openapi, /^3\./);
      assert.ok(doc.paths['/api/v1/analyze']?.post?.requestBody?.content['multipart/form-data']);
      assert.ok(doc.paths['/api/v1/usage']?.get?.responses['200']);
      assert.ok(doc.paths['/api/v1/billing/checkout']?.post?.requestBody);
      assert.ok(doc.paths['/api/v1/billing/portal']?.post);
      assert.ok(doc.components.securitySchemes.bearerAuth);
      for (const code of ERROR_CODES) {
        assert.ok(doc.info.description.includes(`\`${code}\` (HTTP ${ERROR_CATALOGUE[code].status})`), `${code} documented`);
      }
      const page = await fetch(`${server.url}/docs/`, { redirect: 'follow' });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /swagger/i);
    } finally {
      await server.close();
    }
  });
});
