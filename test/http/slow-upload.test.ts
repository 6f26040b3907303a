/**
 * A client that uploads one byte at a time (issue 10): the body deadline REQUEST_TIMEOUT_MS
 * ends the request with 408 request_timeout in the API's error body (not Node's bare 408),
 * closes the connection, writes the audit record and bills nothing.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends } from '../support/databases.js';
import { payslipLines, textPdf } from '../support/documents.js';
import { answeringPipelines } from '../support/pipelines.js';
import { auditRecordsOf, closeSharedReader, createOrg, getJson, startServer, type TestServer } from '../support/server.js';

const REQUEST_TIMEOUT_MS = 2_000;

interface RawResponse {
  status: number;
  headers: string;
  body: string;
  closedAfterMs: number;
}

/** Sends the headers and the first bytes at once, then one byte every `dripMs` until answered. */
async function dripUpload(url: string, path: string, headers: Record<string, string>, body: Buffer, head: number, dripMs: number): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const startedAt = Date.now();
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - startedAt)));
  const lines = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Length: ${body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  socket.write(body.subarray(0, head));
  let sent = head;
  let done = false;
  void closed.then(() => (done = true));
  while (!done && sent < body.length && Date.now() - startedAt < 30_000) {
    await sleep(dripMs);
    if (done || socket.destroyed) break;
    socket.write(body.subarray(sent, sent + 1));
    sent += 1;
  }
  const closedAfterMs = await Promise.race([closed, sleep(30_000).then(() => -1)]);
  socket.destroy();
  const raw = Buffer.concat(chunks).toString('utf8');
  const split = raw.indexOf('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0),
    headers: raw.slice(0, split),
    body: raw.slice(split + 4),
    closedAfterMs,
  };
}

after(closeSharedReader);

for (const backend of backends()) {
  describe(`slow upload (${backend})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer({ backend, pipelines: answeringPipelines(), config: { requestTimeoutMs: REQUEST_TIMEOUT_MS } });
    });
    after(() => server.close());

    test('one byte every 100 ms: 408 request_timeout in the API body after REQUEST_TIMEOUT_MS, closed, audited, not billed', async () => {
      const org = await createOrg(server, { tier: 'pro' });
      const pdf = Buffer.from(await textPdf([payslipLines()]));
      const boundary = 'slowboundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nlohnabrechnung\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await dripUpload(
        server.url,
        '/api/v1/analyze',
        { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${org.apiKey}` },
        body,
        200,
        100,
      );
      assert.equal(res.status, 408, res.headers);
      assert.match(res.headers, /content-type: application\/json/i);
      assert.match(res.headers, /connection: close/i);
      const error = (JSON.parse(res.body) as { error: { code: string; message: string; request_id: string } }).error;
      assert.equal(error.code, 'request_timeout');
      assert.match(error.request_id, /^req_/);
      assert.ok(res.closedAfterMs >= REQUEST_TIMEOUT_MS - 100, `closed after ${res.closedAfterMs} ms`);
      assert.ok(res.closedAfterMs > 0 && res.closedAfterMs < REQUEST_TIMEOUT_MS + 5_000, `closed after ${res.closedAfterMs} ms`);

      const records = await auditRecordsOf(server, org.organizationId, 1);
      assert.equal(records.length, 1);
      assert.equal(records[0]!.statusCode, 408);
      const usage = await getJson(server.url, '/api/v1/usage', org.apiKey);
      assert.equal(((await usage.json()) as { usage: { billable_calls: number } }).usage.billable_calls, 0);
    });

    test('a JSON body that never completes: 408 request_timeout in the API body', async () => {
      const org = await createOrg(server);
      const body = Buffer.from(`{"tier": "starter"${' '.repeat(200)}}`);
      const res = await dripUpload(server.url, '/api/v1/billing/checkout', { 'Content-Type': 'application/json', Authorization: `Bearer ${org.apiKey}` }, body, 5, 200);
      assert.equal(res.status, 408, res.headers);
      assert.equal((JSON.parse(res.body) as { error: { code: string } }).error.code, 'request_timeout');
    });
  });
}
