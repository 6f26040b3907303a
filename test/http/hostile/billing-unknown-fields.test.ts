import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeSharedReader, createOrg, errorOf, startServer, type TestOrg, type TestServer } from '../../support/server.js';

/**
 * Issue 10 §7: unknown JSON fields on the billing endpoints are refused like the analyze form
 * refuses unknown fields (400 invalid_request), not silently ignored; a known body still works.
 */
after(closeSharedReader);

describe('billing endpoints refuse unknown JSON fields', () => {
  let server: TestServer;
  let org: TestOrg;
  before(async () => {
    server = await startServer();
    org = await createOrg(server);
  });
  after(() => server.close());

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('checkout with an extra field: 400 invalid_request naming it', async () => {
    const res = await post('/api/v1/billing/checkout', { tier: 'starter', coupon: 'FREE' });
    assert.equal(res.status, 400);
    const error = await errorOf(res);
    assert.equal(error.code, 'invalid_request');
    assert.match(error.message, /coupon/);
  });

  test('portal with a field: 400 invalid_request', async () => {
    const res = await post('/api/v1/billing/portal', { customer: 'cus_other' });
    assert.equal(res.status, 400);
    assert.equal((await errorOf(res)).code, 'invalid_request');
  });

  test('checkout with only the tier still answers the hosted page', async () => {
    const res = await post('/api/v1/billing/checkout', { tier: 'starter' });
    assert.equal(res.status, 200);
    assert.match(((await res.json()) as { url: string }).url, /^http/);
  });
});
