/**
 * `Expect: 100-continue` (issue 19): a client that asks before sending its upload is told
 * "100 Continue" only once the call is admitted — key, scope, rate limit and quota checked.
 * A refused call gets its 401/403/429/402 instead, so the client never sends the body.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { DocumentReader } from '../../src/pipeline/model/reader.js';
import { changePlan } from '../../src/services/change-plan.js';
import { addKey, createOrg, getJson, startServer, type TestServer } from '../support/server.js';

const neverRead: DocumentReader = {
  async read() {
    throw new Error('no document is read in these tests');
  },
  async close() {},
};

const BOUNDARY = 'expectboundary';
/** A form the server reads to its end and refuses (an unknown document type): no reader needed. */
const BODY = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nnot-a-type\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 x\r\n` +
    `--${BOUNDARY}--\r\n`,
);

/** Raw HTTP: sends the headers with Expect: 100-continue and waits for the first answer. */
async function askToContinue(url: string, authorization: string | null) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let notify = () => {};
  socket.setEncoding('latin1').on('data', (c: string) => {
    received += c;
    notify();
  });
  socket.on('error', () => undefined);
  /** Resolves with everything received once it holds `pattern` (or the connection ended). */
  const until = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const check = () => {
        if (pattern.test(received) || socket.destroyed || socket.readableEnded) resolve(received);
      };
      notify = check;
      socket.once('end', check).once('close', check);
      check();
    });
  socket.write(
    [
      'POST /api/v1/analyze HTTP/1.1',
      `Host: ${hostname}:${port}`,
      ...(authorization ? [`Authorization: ${authorization}`] : []),
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${BODY.length}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  return { socket, until };
}

describe('Expect: 100-continue', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ reader: neverRead });
  });
  after(() => server.close());

  /** The first answer to a refused call, before any body was sent. */
  async function refusedAnswer(authorization: string | null): Promise<string> {
    const { socket, until } = await askToContinue(server.url, authorization);
    const answer = await until(/\r\n\r\n[^]*\}$/u);
    socket.destroy();
    return answer;
  }

  test('an unknown or missing key gets 401, not 100 Continue', async () => {
    for (const authorization of [`Bearer kt_live_${'q'.repeat(32)}`, null]) {
      const answer = await refusedAnswer(authorization);
      assert.match(answer, /^HTTP\/1\.1 401 /u);
      assert.doesNotMatch(answer, /100 Continue/u);
      assert.match(answer, /"code":"invalid_api_key"/u);
      assert.match(answer, /\r\nconnection: close\r\n/iu);
    }
  });

  test('a key without analyze:write gets 403, not 100 Continue', async () => {
    const org = await createOrg(server);
    const key = await addKey(server, org.organizationId, ['usage:read']);
    const answer = await refusedAnswer(`Bearer ${key.apiKey}`);
    assert.match(answer, /^HTTP\/1\.1 403 /u);
    assert.match(answer, /"code":"insufficient_scope"/u);
  });

  test('a rate-limited key gets 429 with Retry-After, not 100 Continue', async () => {
    const org = await createOrg(server);
    await changePlan({ store: server.store, clock: server.clock }, org.organizationId, { tier: 'trial', rateLimit: 1 });
    const spent = await getJson(server.url, '/api/v1/usage', org.apiKey);
    assert.equal(spent.status, 200);
    await spent.body?.cancel();
    const answer = await refusedAnswer(`Bearer ${org.apiKey}`);
    assert.match(answer, /^HTTP\/1\.1 429 /u);
    assert.match(answer, /\r\nretry-after: \d+\r\n/iu);
  });

  test('an admitted call gets 100 Continue, then its body is read and answered', async () => {
    const org = await createOrg(server, { tier: 'pro' });
    const { socket, until } = await askToContinue(server.url, `Bearer ${org.apiKey}`);
    const interim = await until(/\r\n\r\n/u);
    assert.match(interim, /^HTTP\/1\.1 100 Continue\r\n\r\n$/u);
    socket.write(BODY);
    const answer = await until(/\r\n\r\n[^]*\}$/u);
    socket.destroy();
    assert.match(answer, /\r\n\r\nHTTP\/1\.1 400 /u);
    assert.match(answer, /"code":"document_type_unsupported"/u);
  });
});
