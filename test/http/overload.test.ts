/**
 * Overload (issue 10): with the reading pool busy, a call waits at most QUEUE_WAIT_MS for a
 * thread and is then refused with 503 service_unavailable and Retry-After — not billed, its
 * reservation given back, its audit record written — instead of waiting out the processing
 * deadline and ending 500. Health checks keep answering meanwhile. A real server with a
 * one-thread pool and a short wait bound; the slow job is a real 3-page scan (OCR). The calls
 * behind it are scans too (one image each, one OCR task): a text statement's read would not
 * wait for the OCR thread at all, it takes the light lane (docs/reading.md, "Sharing the pool").
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { readingFixture } from '../../scripts/fixtures/generate.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../src/pipeline/reading/read-document.js';
import { analyze, auditRecordsOf, createOrg, errorOf, getJson, startServer, type TestServer } from '../support/server.js';

const QUEUE_WAIT_MS = 300;

describe('overload: the reading pool is busy', () => {
  let server: TestServer;
  let reader: ReaderWithStats;

  before(async () => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false, queueWaitMs: QUEUE_WAIT_MS });
    server = await startServer({ backend: 'sqlite', reader, config: { queueWaitMs: QUEUE_WAIT_MS } });
  });
  after(async () => {
    await server.close();
    await reader.close();
  });

  test('calls that get no thread within QUEUE_WAIT_MS: 503 with Retry-After, not billed, nothing reserved, audited; /healthz and /readyz answer', async () => {
    const org = await createOrg(server, { tier: 'trial' });
    const scan = await readingFixture('scan3');
    const image = await readingFixture('rotated180');

    // The slow job: once its pages are being OCR'd, the one thread is taken for seconds.
    const slow = analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: scan });
    while (reader.stats().completed < 1 || reader.stats().running < 1) await new Promise((r) => setTimeout(r, 20));

    const waiting = Array.from({ length: 3 }, () =>
      analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: image, filename: 'scan.jpg', contentType: 'image/jpeg' }),
    );
    const health = await fetch(`${server.url}/healthz`);
    assert.equal(health.status, 200, '/healthz answers while the pool is full');
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 200, '/readyz answers while the pool is full');

    const answers = await Promise.all(waiting);
    const statuses: number[] = [];
    for (const res of answers) {
      statuses.push(res.status);
      if (res.status === 200 || res.status === 422) {
        // It got the thread after all (a scanned letter, not a statement: 422).
        await res.body?.cancel();
        continue;
      }
      assert.equal(res.status, 503);
      assert.match(res.headers.get('retry-after') ?? '', /^\d+$/, 'Retry-After in seconds');
      const error = await errorOf(res);
      assert.equal(error.code, 'service_unavailable');
      assert.match(error.message, /busy/);
    }
    assert.ok(statuses.filter((s) => s === 503).length >= 2, `at least two of three refused: ${statuses.join(', ')}`);
    const slowAnswer = await slow;
    await slowAnswer.body?.cancel();
    const oks = [...statuses, slowAnswer.status].filter((s) => s === 200).length;

    // The books: one audit record per call, 503s among them, billed = 200s, nothing reserved.
    const records = await auditRecordsOf(server, org.organizationId, 4, 15_000);
    assert.equal(records.length, 4);
    assert.equal(records.filter((r) => r.statusCode === 503).length, statuses.filter((s) => s === 503).length);
    const usage = await getJson(server.url, '/api/v1/usage', org.apiKey);
    const billed = ((await usage.json()) as { usage: { billable_calls: number } }).usage.billable_calls;
    assert.equal(billed, oks, 'billed = 200s');
    const db = new BetterSqlite3(server.db.file!, { readonly: true });
    try {
      const row = db.prepare('select coalesce(sum(reserved), 0) as reserved from usage_counters where organization_id = ?').get(org.organizationId) as { reserved: number };
      assert.equal(row.reserved, 0, 'no reservation left');
      const held = db.prepare("select count(*) as n from call_reservations where organization_id = ? and state = 'held'").get(org.organizationId) as { n: number };
      assert.equal(held.n, 0);
    } finally {
      db.close();
    }
    assert.ok(reader.stats().refused >= 2, 'the pool counted its refusals');
  });
});
