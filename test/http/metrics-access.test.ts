import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { loadConfig } from '../../src/config/config.js';
import { closeSharedReader, startServer } from '../support/server.js';

/**
 * Issue 19, finding 5: /metrics was public, also through the shipped Caddyfile: anyone could
 * read request rates, error rates and the reading pool's load. It is served only with
 * `Authorization: Bearer <METRICS_TOKEN>`, and not at all while METRICS_TOKEN is unset.
 */
const TOKEN = 'metrics-token-0123456789abcdefghijkl';

after(closeSharedReader);

describe('access to /metrics', { timeout: 60_000 }, () => {
  test('without METRICS_TOKEN it is not served: 404, whatever the request carries', async () => {
    const server = await startServer();
    try {
      const attempts: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer ' }];
      for (const headers of attempts) {
        const res = await fetch(`${server.url}/metrics`, { headers });
        assert.equal(res.status, 404);
        assert.doesNotMatch(await res.text(), /klartext_http_requests_total/);
      }
    } finally {
      await server.close();
    }
  });

  test('with METRICS_TOKEN: 401 without it or with another one, 200 with it', async () => {
    const server = await startServer({ config: { metricsToken: TOKEN } });
    try {
      const refusals: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
        { authorization: TOKEN },
      ];
      for (const headers of refusals) {
        const res = await fetch(`${server.url}/metrics`, { headers });
        assert.equal(res.status, 401, JSON.stringify(headers));
        assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="metrics"');
        assert.doesNotMatch(await res.text(), /klartext_/);
      }
      const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /klartext_http_requests_total/);
      assert.ok(!server.logs.some((l) => l.includes(TOKEN)), 'the token is never logged');
    } finally {
      await server.close();
    }
  });

  test('METRICS_TOKEN is checked at start: at least 32 characters', () => {
    assert.equal(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken, TOKEN);
    assert.equal(loadConfig({}).metricsToken, undefined);
    assert.equal(loadConfig({ METRICS_TOKEN: '' }).metricsToken, undefined);
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN must be at least 32 characters/);
  });
});
