import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Scope } from '../../src/domain/scopes.js';
import { payslipLines, textPdf } from '../support/documents.js';
import { addKey, closeSharedReader, createOrg, errorOf, startServer, type TestServer } from '../support/server.js';

/**
 * One suite of auth, scope, rate-limit and error-shape checks run over every keyed /api/v1
 * route (after unkey's common tests), so a route added later cannot forget the gate.
 */
interface RouteCase {
  method: 'GET' | 'POST';
  path: string;
  scope: Scope;
  body: () => Promise<RequestInit['body'] | undefined>;
  contentType?: string;
}

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/v1/analyze',
    scope: 'analyze:write',
    body: async () => {
      const form = new FormData();
      form.append('document_type', 'lohnabrechnung');
      form.append('file', new Blob([await textPdf([payslipLines()])]), 'p.pdf');
      return form;
    },
  },
  { method: 'GET', path: '/api/v1/usage', scope: 'usage:read', body: async () => undefined },
  {
    method: 'POST',
    path: '/api/v1/billing/checkout',
    scope: 'billing:write',
    body: async () => JSON.stringify({ tier: 'starter' }),
    contentType: 'application/json',
  },
  { method: 'POST', path: '/api/v1/billing/portal', scope: 'billing:write', body: async () => undefined },
];

after(closeSharedReader);

describe('every keyed /api/v1 route', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  async function call(route: RouteCase, apiKey: string | null): Promise<Response> {
    const headers: Record<string, string> = {};
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    if (route.contentType) headers['content-type'] = route.contentType;
    const body = await route.body();
    return fetch(`${server.url}${route.path}`, { method: route.method, headers, ...(body ? { body } : {}) });
  }

  for (const route of ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      test('401 invalid_api_key without a key, with an unknown key, with a non-Bearer scheme', async () => {
        for (const key of [null, `kt_live_${'Z'.repeat(32)}`]) {
          const res = await call(route, key);
          assert.equal(res.status, 401);
          assert.equal((await errorOf(res)).code, 'invalid_api_key');
          assert.match(res.headers.get('x-request-id') ?? '', /^req_[0-9A-Za-z]{20}$/);
          // RFC 6750 §3: the challenge on every 401; an error code only where a token was sent.
          assert.equal(
            res.headers.get('www-authenticate'),
            key ? 'Bearer realm="klartext", error="invalid_token", error_description="The API key is not valid."' : 'Bearer realm="klartext"',
          );
        }
        const basic = await fetch(`${server.url}${route.path}`, { method: route.method, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
        assert.equal(basic.status, 401);
        // Another scheme is no bearer token: challenged without an error code (RFC 6750 §3.1).
        assert.equal(basic.headers.get('www-authenticate'), 'Bearer realm="klartext"');
        await basic.body?.cancel();
      });

      test('401 revoked_api_key for a revoked key', async () => {
        const org = await createOrg(server);
        await server.store.revokeApiKey(org.keyId, server.clock.now());
        const res = await call(route, org.apiKey);
        assert.equal(res.status, 401);
        assert.equal((await errorOf(res)).code, 'revoked_api_key');
        assert.equal(
          res.headers.get('www-authenticate'),
          'Bearer realm="klartext", error="invalid_token", error_description="This API key has been revoked."',
        );
      });

      test(`403 insufficient_scope without ${route.scope}, with RateLimit headers`, async () => {
        const org = await createOrg(server);
        const others = (['analyze:write', 'usage:read', 'billing:write'] as Scope[]).filter((s) => s !== route.scope);
        const key = await addKey(server, org.organizationId, others);
        const res = await call(route, key.apiKey);
        assert.equal(res.status, 403);
        assert.equal((await errorOf(res)).code, 'insufficient_scope');
        assert.equal(res.headers.get('ratelimit-limit'), '10');
        // RFC 6750 §3.1: the scope the route needs, in the challenge.
        assert.equal(res.headers.get('www-authenticate'), `Bearer realm="klartext", error="insufficient_scope", scope="${route.scope}"`);
      });

      test('429 rate_limited past the per-minute limit, with Retry-After and headers', async () => {
        const org = await createOrg(server);
        await server.store.changePlan(org.organizationId, { tier: 'trial', rateLimitOverride: 1 });
        const first = await call(route, org.apiKey);
        assert.notEqual(first.status, 429);
        assert.equal(first.headers.get('ratelimit-limit'), '1');
        assert.equal(first.headers.get('ratelimit-remaining'), '0');
        await first.body?.cancel();
        const second = await call(route, org.apiKey);
        assert.equal(second.status, 429);
        assert.ok(Number(second.headers.get('retry-after')) >= 1);
        assert.equal((await errorOf(second)).code, 'rate_limited');
      });
    });
  }

  test('routes outside the key requirement answer without one', async () => {
    // (/metrics needs its own token: test/http/metrics-access.test.ts.)
    for (const path of ['/healthz', '/readyz', '/api/v1/openapi.json', '/docs']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      assert.ok(res.status === 200 || res.status === 302, `${path} → ${res.status}`);
      assert.match(res.headers.get('x-request-id') ?? '', /^req_/);
      await res.body?.cancel();
    }
  });
});
