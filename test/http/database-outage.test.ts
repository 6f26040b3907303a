/**
 * PostgreSQL unreachable while the service runs (issue 10): calls are answered 503
 * service_unavailable with Retry-After — quickly, not after a hang — nothing is billed without
 * a 200, and the service serves again once the database is back, without a restart. The outage
 * is made by a TCP proxy in front of the shared server, never by stopping it.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx --test test/http/database-outage.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { payslipLines, textPdf } from '../support/documents.js';
import { answeringPipelines } from '../support/pipelines.js';
import { analyze, closeSharedReader, createOrg, errorOf, getJson, startServer, type TestOrg, type TestServer } from '../support/server.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const skip = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set';

after(closeSharedReader);

describe('database outage (postgres)', { skip }, () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  let org: TestOrg;
  let payslip: Uint8Array;

  before(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    server = await startServer({ db: { ...database, url: proxy.urlFor(database.url) }, pipelines: answeringPipelines() });
    org = await createOrg(server, { tier: 'pro' });
    payslip = await textPdf([payslipLines()]);
  });
  after(async () => {
    await server?.close();
    await proxy?.close();
    await database?.drop();
  });

  async function expectUnavailable(res: Response, startedAt: number, boundMs: number): Promise<void> {
    const elapsed = Date.now() - startedAt;
    assert.equal(res.status, 503);
    const error = await errorOf(res);
    assert.equal(error.code, 'service_unavailable');
    assert.doesNotMatch(error.message, /ECONN|Connection terminated|timeout exceeded/, 'no internals in the message');
    assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
    assert.ok(elapsed < boundMs, `answered after ${elapsed} ms, within ${boundMs} ms`);
  }

  /** Reads billable_calls until it reaches `expected` (or 15 s pass), then a further 1 s to see it does not pass it. */
  async function billedSettlesAt(expected: number): Promise<number> {
    let billed = -1;
    for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      const usage = await getJson(server.url, '/api/v1/usage', org.apiKey);
      assert.equal(usage.status, 200);
      billed = ((await usage.json()) as { usage: { billable_calls: number } }).usage.billable_calls;
      if (billed >= expected) break;
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const usage = await getJson(server.url, '/api/v1/usage', org.apiKey);
    return ((await usage.json()) as { usage: { billable_calls: number } }).usage.billable_calls;
  }

  /** Counts rows straight on the database (not through the proxy). */
  async function count(sqlText: string, params: unknown[]): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(sqlText, params);
      return Number(rows[0]!.n);
    } finally {
      await client.end();
    }
  }
  const auditRecordsOf = (status: number) =>
    count('select count(*) as n from audit_records where organization_id = $1 and status_code = $2', [org.organizationId, status]);

  // The commit made after a 200 is written can land on a pool connection the outage killed; it
  // is retried on a fresh connection (services/retry.ts), so the 200 is billed — once.
  test('refused, then hanging, then back: 503 with Retry-After while down, 200 after, only 200s billed', async () => {
    const ok = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip });
    assert.equal(ok.status, 200);
    await ok.body?.cancel();

    // Connections refused (every open one reset first).
    await proxy.stop();
    let startedAt = Date.now();
    await expectUnavailable(await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip }), startedAt, 10_000);
    startedAt = Date.now();
    await expectUnavailable(await getJson(server.url, '/api/v1/usage', org.apiKey), startedAt, 10_000);

    // Accepted but never answered: the pool's connect timeout ends the wait.
    proxy.blackhole(true);
    await proxy.start();
    startedAt = Date.now();
    await expectUnavailable(await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip }), startedAt, 20_000);

    // Back: served again without a restart, and only the two 200s are billed.
    proxy.blackhole(false);
    proxy.reset(); // the held connections die; the pool opens fresh ones
    const again = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip });
    assert.equal(again.status, 200);
    await again.body?.cancel();
    // A call is committed once its 200 has been written (docs/api.md): read the books until
    // they settle, within a generous bound.
    assert.equal(await billedSettlesAt(2), 2);
  });

  // The statement that turns the reservation into a billable call (its Bind carries 'committed').
  const COMMIT_OF_A_RESERVATION = /update "call_reservations" set "state" = \$1[\s\S]*committed/;

  test('the connection dies while the post-200 commit runs: committed on a fresh connection, billed once, audited once', async () => {
    const before = await billedSettlesAt(0);
    const audited = await auditRecordsOf(200);
    const cut = proxy.cutOnce(COMMIT_OF_A_RESERVATION, 'before');
    const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    await cut; // the commit's connection was killed before the statement ran
    assert.equal(await billedSettlesAt(before + 1), before + 1);
    assert.equal(await auditRecordsOf(200), audited + 1);
    const held = await count("select count(*) as n from call_reservations where organization_id = $1 and state = 'held'", [org.organizationId]);
    assert.equal(held, 0, 'no reservation left held');
  });

  test('the commit reached the database but its acknowledgement was lost: the retry bills nothing twice', async () => {
    const before = await billedSettlesAt(0);
    const audited = await auditRecordsOf(200);
    const cut = proxy.cutOnce(COMMIT_OF_A_RESERVATION, 'after-commit');
    const res = await analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    await cut;
    assert.equal(await billedSettlesAt(before + 1), before + 1, 'billed exactly once');
    assert.equal(await auditRecordsOf(200), audited + 1);
  });
});
