/**
 * What the framework answers before routing — header floods, unparseable HTTP, URLs that
 * cannot be decoded — comes in the API's error body (SPEC §2), not Fastify's default one.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { closeSharedReader, errorOf, startServer, type TestServer } from '../support/server.js';

/** Writes raw bytes and reads until the server closes the connection. */
async function rawExchange(url: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(request);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not close the connection')), 10_000);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const raw = Buffer.concat(chunks).toString('utf8');
  const split = raw.indexOf('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), headers: raw.slice(0, split), body: raw.slice(split + 4) };
}

function apiError(res: { headers: string; body: string }): { code: string; message: string; request_id: string } {
  assert.match(res.headers, /content-type: application\/json/i);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['error'], 'only the error object');
  const error = body.error as { code: string; message: string; request_id: string };
  assert.match(error.request_id, /^req_/);
  assert.match(res.headers, new RegExp(`x-request-id: ${error.request_id}`, 'i'));
  return error;
}

after(closeSharedReader);

describe('framework errors in the API error body', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  test('a header flood: 431 request_headers_too_large', async () => {
    const flood = Array.from({ length: 40 }, (_, i) => `X-Flood-${i}: ${'a'.repeat(1000)}`).join('\r\n');
    const res = await rawExchange(server.url, `GET /healthz HTTP/1.1\r\nHost: x\r\n${flood}\r\n\r\n`);
    assert.equal(res.status, 431);
    const error = apiError(res);
    assert.equal(error.code, 'request_headers_too_large');
    assert.doesNotMatch(res.body, /aaaa/, 'the headers are not echoed');
  });

  test('bytes that are not HTTP: 400 invalid_request', async () => {
    const res = await rawExchange(server.url, 'NOT HTTP AT ALL\r\n\r\n');
    assert.equal(res.status, 400);
    assert.equal(apiError(res).code, 'invalid_request');
  });

  test('a URL that cannot be decoded: 400 invalid_request', async () => {
    const res = await fetch(`${server.url}/api/v1/%c0`);
    assert.equal(res.status, 400);
    const error = await errorOf(res);
    assert.equal(error.code, 'invalid_request');
  });
});
