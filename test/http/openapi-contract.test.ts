/**
 * The OpenAPI document is the truth (issue 19): every operation's success and error cases are
 * sent to a real server, and each response — status, body and headers — is held to the
 * document that server serves (test/support/openapi-contract.ts, with ajv). A status the
 * document does not declare fails, and so does a declared status no case here provokes,
 * unless it is listed below with the reason it cannot be provoked from a test.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/domain/error-codes.js';
import type { Scope } from '../../src/domain/scopes.js';
import { reserveCall, commitCall } from '../../src/services/meter-calls.js';
import { backends } from '../support/databases.js';
import { payslipLines, statementLines, textPdf } from '../support/documents.js';
import { ContractChecker, seenFetch, seenIncoming, type OpenApiDocument, type SeenResponse } from '../support/openapi-contract.js';
import { faultingPipelines } from '../support/pipelines.js';
import { addKey, analyze, closeSharedReader, createOrg, startServer, type TestOrg, type TestServer } from '../support/server.js';
import { hasRedisServerBinary, startThrowawayRedis } from '../support/throwaway-redis.js';

/** Declared statuses no test can provoke, each with the reason. */
const NOT_PROVOKED: Record<string, string> = {
  'getUsage 408':
    'a GET has no body to time out; only Node answers 408 there, for headers that never end, and it checks that every 30 s',
};

const ALL_SCOPES: Scope[] = ['analyze:write', 'usage:read', 'billing:write'];

interface Operation {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  scope: Scope;
  /** A request that passes validation. */
  send(url: string, apiKey: string | null, extraHeaders?: Record<string, string>): Promise<Response>;
}

let payslip: Uint8Array;
let statement: Uint8Array;

const json = (url: string, path: string, apiKey: string | null, body: unknown, extraHeaders: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extraHeaders },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const OPERATIONS: Operation[] = [
  {
    operationId: 'analyzeDocument',
    method: 'POST',
    path: '/api/v1/analyze',
    scope: 'analyze:write',
    send: async (url, apiKey, extraHeaders = {}) => {
      const form = new FormData();
      form.append('document_type', 'lohnabrechnung');
      form.append('file', new Blob([payslip], { type: 'application/pdf' }), 'p.pdf');
      return fetch(`${url}/api/v1/analyze`, { method: 'POST', headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...extraHeaders }, body: form });
    },
  },
  {
    operationId: 'getUsage',
    method: 'GET',
    path: '/api/v1/usage',
    scope: 'usage:read',
    send: (url, apiKey, extraHeaders = {}) =>
      fetch(`${url}/api/v1/usage`, { headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...extraHeaders } }),
  },
  {
    operationId: 'startCheckout',
    method: 'POST',
    path: '/api/v1/billing/checkout',
    scope: 'billing:write',
    send: (url, apiKey, extraHeaders) => json(url, '/api/v1/billing/checkout', apiKey, { tier: 'starter' }, extraHeaders),
  },
  {
    operationId: 'openBillingPortal',
    method: 'POST',
    path: '/api/v1/billing/portal',
    scope: 'billing:write',
    send: (url, apiKey, extraHeaders) => json(url, '/api/v1/billing/portal', apiKey, undefined, extraHeaders),
  },
];

let checker: ContractChecker;

/** Sends, checks against the document, and asserts the status the case is about. */
async function expect(op: { method: string; path: string }, status: number, sent: Promise<Response | SeenResponse>): Promise<unknown> {
  const raw = await sent;
  const res = raw instanceof Response ? await seenFetch(raw) : raw;
  assert.equal(res.status, status, `${op.method} ${op.path}: ${res.body.slice(0, 300)}`);
  return checker.check(op.method, op.path, res);
}

async function served(server: TestServer): Promise<OpenApiDocument> {
  return (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as OpenApiDocument;
}

before(async () => {
  payslip = await textPdf([payslipLines()]);
  statement = await textPdf([statementLines()]);
});
after(closeSharedReader);

for (const backend of backends()) {
  describe(`every operation against the served OpenAPI document (${backend})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer({ backend });
      checker ??= new ContractChecker(await served(server));
    });
    after(() => server.close());

    test('the document is valid OpenAPI 3.1 by the recommended rules of Redocly', async () => {
      const config = await createConfig({ extends: ['recommended'] });
      const problems = await lintFromString({ source: JSON.stringify(checker.doc), config, absoluteRef: 'openapi.json' });
      // Warnings left: the components only x-unmatched-responses names, a loopback server URL
      // (the test server's), no license (a private API).
      const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
      assert.deepEqual(errors, []);
    });

    test('the document names an operationId and a scope for every operation', () => {
      for (const op of OPERATIONS) {
        const declared = checker.doc.paths[op.path]?.[op.method.toLowerCase()];
        assert.equal(declared?.operationId, op.operationId);
        assert.deepEqual(declared?.security, [{ bearerAuth: [op.scope] }]);
        assert.equal(declared?.['x-required-scope'], op.scope);
      }
      assert.deepEqual(
        Object.values(checker.doc.paths).flatMap((item) => Object.values(item).map((o) => o.operationId)).sort(),
        OPERATIONS.map((o) => o.operationId).sort(),
      );
    });

    test('analyze: 200 for a statement and a payslip, 400 for the form, 422 for the wrong type', async () => {
      const org = await createOrg(server, { tier: 'pro' });
      const op = OPERATIONS[0]!;
      const kontoauszug = (await expect(op, 200, analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement }))) as { document_type: string; tables: unknown[] };
      assert.equal(kontoauszug.document_type, 'kontoauszug');
      assert.ok(kontoauszug.tables.length > 0);
      const lohn = (await expect(op, 200, analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip }))) as { analysis: { key_numbers: object } };
      assert.ok(Object.keys(lohn.analysis.key_numbers).length > 0);

      const unknownField = (await expect(op, 400, analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip, extraFields: { documenttype: 'x' } }))) as { error: { param: string } };
      assert.equal(unknownField.error.param, 'documenttype');
      await expect(op, 400, analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: null }));
      await expect(op, 400, analyze(server.url, org.apiKey, { documentType: 'rechnung', file: payslip }));
      await expect(op, 422, analyze(server.url, org.apiKey, { documentType: 'mahnung', file: payslip }));
    });

    test('analyze: 200 as camt053, mt940 and csv files; 400 for an unknown format or an export of a letter', async () => {
      const org = await createOrg(server, { tier: 'pro' });
      const op = OPERATIONS[0]!;
      for (const [format, start] of [['camt053', '<?xml'], ['mt940', ':20:'], ['csv', 'Konto']] as const) {
        // (fetch's text() drops the CSV's byte order mark; the bytes are checked in analyze-formats.test.ts)
        const file = await expect(op, 200, analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format } }));
        assert.ok(typeof file === 'string' && file.startsWith(start), `${format}: ${JSON.stringify(String(file).slice(0, 20))}`);
      }
      const json = (await expect(op, 200, analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format: 'json' } }))) as { tables: unknown[] };
      assert.ok(Array.isArray(json.tables));
      const unknown = (await expect(op, 400, analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: statement, extraFields: { format: 'xlsx' } }))) as { error: { param: string } };
      assert.equal(unknown.error.param, 'format');
      const letter = (await expect(op, 400, analyze(server.url, org.apiKey, { documentType: 'lohnabrechnung', file: payslip, extraFields: { format: 'csv' } }))) as { error: { param: string } };
      assert.equal(letter.error.param, 'format');
    });

    test('usage 200; checkout 200 and 400 (unknown tier, unknown field, bad JSON); portal 400 without, 200 with a subscription', async () => {
      const org = await createOrg(server);
      const [, usage, checkout, portal] = OPERATIONS as [Operation, Operation, Operation, Operation];
      await expect(usage, 200, usage.send(server.url, org.apiKey));

      await expect(checkout, 400, json(server.url, checkout.path, org.apiKey, { tier: 'gold' }));
      const extra = (await expect(checkout, 400, json(server.url, checkout.path, org.apiKey, { tier: 'pro', coupon: 'x' }))) as { error: { param: string } };
      assert.equal(extra.error.param, 'coupon');
      await expect(checkout, 400, fetch(`${server.url}${checkout.path}`, { method: 'POST', headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' }, body: '{"tier":' }));
      await expect(portal, 400, portal.send(server.url, org.apiKey));
      await expect(portal, 400, json(server.url, portal.path, org.apiKey, { return_url: 'https://example.org/' }));

      const { url } = (await expect(checkout, 200, checkout.send(server.url, org.apiKey))) as { url: string };
      // Complete the test-mode checkout the way the hosted page's form does.
      const token = new URL(url).searchParams.get('token')!;
      const done = await fetch(`${server.url}/billing/test-mode/checkout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
      assert.equal(done.status, 200);
      await done.body?.cancel();
      await expect(portal, 200, portal.send(server.url, org.apiKey));
      await expect(portal, 200, json(server.url, portal.path, org.apiKey, {}));
    });

    for (const op of OPERATIONS) {
      test(`${op.operationId}: the gate — 401 without, with an unknown and with a revoked key; 403 without ${op.scope}; 429`, async () => {
        await expect(op, 401, op.send(server.url, null));
        await expect(op, 401, op.send(server.url, `kt_live_${'Z'.repeat(32)}`));
        const revoked = await createOrg(server);
        await server.store.revokeApiKey(revoked.keyId, server.clock.now());
        await expect(op, 401, op.send(server.url, revoked.apiKey));

        const org = await createOrg(server);
        const narrow = await addKey(server, org.organizationId, ALL_SCOPES.filter((s) => s !== op.scope));
        await expect(op, 403, op.send(server.url, narrow.apiKey));

        const limited = await createOrg(server);
        await server.store.changePlan(limited.organizationId, { tier: 'trial', rateLimitOverride: 1 });
        const first = await op.send(server.url, limited.apiKey);
        await first.body?.cancel();
        await expect(op, 429, op.send(server.url, limited.apiKey));
      });

      test(`${op.operationId}: 431 for headers over 16 KB`, async () => {
        await expect(op, 431, op.send(server.url, null, { 'x-filler': 'a'.repeat(20 * 1024) }));
      });
    }

    test('analyze: 402 once the trial allowance is used', async () => {
      const org = await createOrg(server);
      await useUpTrial(server, org);
      await expect(OPERATIONS[0]!, 402, OPERATIONS[0]!.send(server.url, org.apiKey));
    });

    test('outside the operations: 404 for an unknown path, 405 with Allow for another method, 400 for a URL that cannot be decoded, 431', async () => {
      await expect({ method: 'GET', path: '/api/v1/nothing' }, 404, fetch(`${server.url}/api/v1/nothing`));
      await expect({ method: 'GET', path: '/api/v1/%c0' }, 400, fetch(`${server.url}/api/v1/%c0`));
      await expect({ method: 'GET', path: '/api/v1/nothing' }, 431, fetch(`${server.url}/api/v1/nothing`, { headers: { 'x-filler': 'a'.repeat(20 * 1024) } }));
      await expect({ method: 'GET', path: '/api/v1/analyze' }, 405, fetch(`${server.url}/api/v1/analyze`));
      await expect({ method: 'DELETE', path: '/api/v1/usage' }, 405, fetch(`${server.url}/api/v1/usage`, { method: 'DELETE' }));
    });
  });
}

describe('statuses that need a server of their own', () => {
  test('408 when a body does not arrive within REQUEST_TIMEOUT_MS', { timeout: 120_000 }, async () => {
    const server = await startServer({ config: { requestTimeoutMs: 1_000 } });
    try {
      const org = await createOrg(server);
      const [analyzeOp, , checkout, portal] = OPERATIONS as [Operation, Operation, Operation, Operation];
      const boundary = 'contractboundary';
      const form = `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nlohnabrechnung\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
      await expect(analyzeOp, 408, stalledPost(server.url, analyzeOp.path, org.apiKey, `multipart/form-data; boundary=${boundary}`, form));
      await expect(checkout, 408, stalledPost(server.url, checkout.path, org.apiKey, 'application/json', '{"tier":'));
      await expect(portal, 408, stalledPost(server.url, portal.path, org.apiKey, 'application/json', '{'));
    } finally {
      await server.close();
    }
  });

  test('503 on every operation when the shared rate-limit store is down', { skip: !hasRedisServerBinary && 'no redis-server binary', timeout: 120_000 }, async () => {
    const redis = await startThrowawayRedis();
    const server = await startServer({ redisUrl: redis.url });
    try {
      const org = await createOrg(server, { tier: 'pro' });
      await redis.kill();
      for (const op of OPERATIONS) await expect(op, 503, op.send(server.url, org.apiKey));
    } finally {
      await server.close();
      await redis.kill();
    }
  });

  test('503 in the error body for a request that reaches a closing server (pipelined behind one in flight)', { timeout: 120_000 }, async () => {
    const server = await startServer();
    const org = await createOrg(server);
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // A: a checkout whose body is still arriving when the close begins; B: a usage call
      // pipelined behind it, which the server reads only once A is answered — while closing.
      const body = JSON.stringify({ tier: 'starter' });
      const head = `Host: x\r\nAuthorization: Bearer ${org.apiKey}\r\n`;
      socket.write(`POST /api/v1/billing/checkout HTTP/1.1\r\n${head}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 4)}`);
      await until(() => server.logs.some((l) => l.includes('"incoming request"') && l.includes('/api/v1/billing/checkout')));
      const closing = server.app.close();
      await until(() => !server.app.server.listening);
      socket.write(`${body.slice(4)}GET /api/v1/usage HTTP/1.1\r\n${head}\r\n`);
      await ended;
      await closing;
      const answers = received.split(/(?=HTTP\/1\.1 \d{3} )/);
      assert.equal(answers.length, 2, received);
      await expect(OPERATIONS[2]!, 200, Promise.resolve(rawResponse(answers[0]!)));
      await expect(OPERATIONS[1]!, 503, Promise.resolve(rawResponse(answers[1]!)));
    } finally {
      socket.destroy();
      await server.close().catch(() => undefined);
    }
  });

  test('500: processing_failed on analyze; internal_error on every operation when the store fails', { timeout: 120_000 }, async () => {
    const server = await startServer({ pipelines: faultingPipelines() });
    try {
      const org = await createOrg(server, { tier: 'pro' });
      const processing = (await expect(OPERATIONS[0]!, 500, OPERATIONS[0]!.send(server.url, org.apiKey))) as { error: { code: string } };
      assert.equal(processing.error.code, 'processing_failed');
      // A store that fails with something other than an unreachable server (here: closed under
      // the running app) is an internal fault: 500, never a stack trace.
      await server.store.close();
      for (const op of OPERATIONS) {
        const body = (await expect(op, 500, op.send(server.url, org.apiKey))) as { error: { code: string } };
        assert.equal(body.error.code, 'internal_error');
      }
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});

test('every status the document declares was sent and checked above', () => {
  const missing = checker
    .declared()
    .filter((pair) => !checker.seen.has(pair) && !NOT_PROVOKED[pair])
    .filter((pair) => hasRedisServerBinary || !pair.endsWith(' 503'));
  assert.deepEqual(missing, []);
  for (const pair of Object.keys(NOT_PROVOKED)) assert.ok(checker.declared().includes(pair), `${pair} is still declared`);
  // And the catalogue's statuses are all somewhere in the document (DESIGN habit 1).
  const statuses = new Set(checker.declared().map((pair) => Number(pair.split(' ')[1])));
  for (const code of ERROR_CODES) assert.ok(statuses.has(ERROR_CATALOGUE[code].status), `${code} (${ERROR_CATALOGUE[code].status}) is declared`);
});

/** The trial's 50 calls, committed through the metering service as 50 successful calls would be. */
async function useUpTrial(server: TestServer, org: TestOrg): Promise<void> {
  const organization = (await server.store.getOrganization(org.organizationId))!;
  for (let i = 0; i < 50; i++) {
    const reservation = await reserveCall(server, organization);
    assert.ok(reservation, `call ${i + 1} reserved`);
    await commitCall({ store: server.store }, reservation);
  }
}

/** Polls a condition every 20 ms; the bound is generous (CPU is shared), never a timing claim. */
async function until(condition: () => boolean, boundMs = 30_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!condition()) {
    assert.ok(Date.now() < deadline, 'condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One HTTP/1.1 response as written on the wire (headers, then a Content-Length body). */
function rawResponse(text: string): SeenResponse {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), header: (name) => headers.get(name.toLowerCase()) ?? null, body: rest.join('\r\n\r\n') };
}

/** POST whose body stops after `head` of a longer Content-Length: the server's body deadline answers. */
function stalledPost(url: string, path: string, apiKey: string, contentType: string, head: string): Promise<SeenResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': contentType, 'content-length': String(Buffer.byteLength(head) + 100_000) },
    });
    req.on('response', (res) => seenIncoming(res).then(resolve, reject));
    req.on('error', reject);
    req.write(head);
  });
}
