import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { redactUrl } from '../../../src/http/page-headers.js';
import { closeSharedReader, createOrg, startServer, type TestServer } from '../../support/server.js';

describe('credentials in URLs never reach the logs', () => {
  it('redactUrl replaces token, _csrf and key values and keeps the rest', () => {
    assert.equal(redactUrl('/billing/test-mode/checkout?token=abc.def'), '/billing/test-mode/checkout?token=[redacted]');
    assert.equal(redactUrl('/api-account/confirm?lang=en&token=xyz&next=%2Fa'), '/api-account/confirm?lang=en&token=[redacted]&next=%2Fa');
    assert.equal(redactUrl('/x?_csrf=123'), '/x?_csrf=[redacted]');
    assert.equal(redactUrl('/api/v1/usage'), '/api/v1/usage');
  });
});

describe('hosted test-mode billing pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.close();
    await closeSharedReader();
  });

  it('send CSP and frame headers, and their signed link is not logged', async () => {
    const org = await createOrg(server);
    const res = await fetch(`${server.url}/api/v1/billing/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'starter' }),
    });
    const { url } = (await res.json()) as { url: string };
    const token = new URL(url).searchParams.get('token')!;
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.doesNotMatch(await page.text(), /<style/);
    assert.ok(server.logs.some((l) => l.includes('/billing/test-mode/checkout?token=[redacted]')), 'the request is logged');
    assert.ok(!server.logs.some((l) => l.includes(token)), 'the token is not');
  });
});

/**
 * Issue 19, finding 5: the API documentation (Swagger UI at /docs) could be framed by any site
 * (clickjacking). Every response under /docs forbids framing; its own inline code stays
 * allowed, so only frame-ancestors is set there.
 */
describe('the API documentation pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.close();
    await closeSharedReader();
  });

  it('cannot be framed: X-Frame-Options DENY and CSP frame-ancestors none on every /docs response', async () => {
    const page = await fetch(`${server.url}/docs`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    await page.arrayBuffer();
    for (const path of ['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-initializer.js']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      await res.arrayBuffer();
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
    }
  });
});
