import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { backends } from '../support/databases.js';
import { closeSharedReader, createOrg, errorOf, getJson, startServer, type TestServer } from '../support/server.js';

/** Test-mode provider (SPEC §5): hosted pages served by the service; completing checkout upgrades. */
after(closeSharedReader);

async function post(server: TestServer, path: string, apiKey: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function submitForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

function hiddenToken(html: string): string {
  const match = /name="token" value="([^"]+)"/.exec(html);
  assert.ok(match, 'the page carries the token in its form');
  return match[1]!.replace(/&amp;/g, '&');
}

for (const backend of backends()) {
  describe(`billing, test mode (${backend})`, () => {
    test('checkout → hosted page → complete: the organization moves to the tier, the period restarts', async () => {
      const server = await startServer({ backend });
      try {
        const org = await createOrg(server);
        const res = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'pro' });
        assert.equal(res.status, 200);
        const { url } = (await res.json()) as { url: string };
        assert.ok(url.startsWith(`${server.url}/billing/test-mode/checkout?token=`), url);

        const page = await fetch(url);
        assert.equal(page.status, 200);
        assert.match(page.headers.get('content-type') ?? '', /text\/html/);
        const html = await page.text();
        assert.match(html, /TEST MODE/);
        assert.match(html, /299,00 €/, 'the monthly price');
        assert.match(html, /VAT/);
        assert.match(html, /name="vat_id"/, 'a VAT ID can be entered');

        server.clock.advance(3600 * 1000); // the buyer takes an hour; the period starts at completion
        const done = await submitForm(`${server.url}/billing/test-mode/checkout`, { token: hiddenToken(html), vat_id: 'DE123456789' });
        assert.equal(done.status, 200);
        assert.match(await done.text(), /now on the <strong>pro<\/strong> tier/);

        const usage = (await (await getJson(server.url, '/api/v1/usage', org.apiKey)).json()) as {
          organization: { tier: string };
          period: { start: string };
          usage: { included_calls: number; overage_cents_per_call: number };
        };
        assert.equal(usage.organization.tier, 'pro');
        assert.equal(usage.period.start, server.clock.now().toISOString());
        assert.equal(usage.usage.included_calls, 1000);
        assert.equal(usage.usage.overage_cents_per_call, 35);

        // Completing the same checkout again converges instead of failing or double-applying.
        const again = await submitForm(`${server.url}/billing/test-mode/checkout`, { token: hiddenToken(html) });
        assert.equal(again.status, 200);

        // On a paid tier, checkout is refused: tier changes go through the provider's contact.
        const second = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'business' });
        assert.equal(second.status, 400);
        const e = await errorOf(second);
        assert.deepEqual([e.code, e.param], ['invalid_request', 'tier']);

        // Portal: shows the plan and cancels back to trial.
        const portal = await post(server, '/api/v1/billing/portal', org.apiKey);
        assert.equal(portal.status, 200);
        const portalUrl = ((await portal.json()) as { url: string }).url;
        const portalHtml = await (await fetch(portalUrl)).text();
        assert.match(portalHtml, /Current tier: <strong>pro<\/strong>/);
        const cancelled = await submitForm(`${server.url}/billing/test-mode/portal/cancel`, { token: hiddenToken(portalHtml) });
        assert.equal(cancelled.status, 200);
        const after = (await (await getJson(server.url, '/api/v1/usage', org.apiKey)).json()) as { organization: { tier: string } };
        assert.equal(after.organization.tier, 'trial');
      } finally {
        await server.close();
      }
    });

    test('checkout validation: unknown tier, missing tier, enterprise is not self-service, unknown fields named', async () => {
      const server = await startServer({ backend });
      try {
        const org = await createOrg(server);
        for (const body of [{ tier: 'gold' }, { tier: 'enterprise' }, { tier: 'trial' }]) {
          const res = await post(server, '/api/v1/billing/checkout', org.apiKey, body);
          assert.equal(res.status, 400, JSON.stringify(body));
          const e = await errorOf(res);
          assert.deepEqual([e.code, e.param], ['invalid_request', 'tier']);
          assert.equal(e.message, "Field 'tier' is invalid: must be one of starter, pro, business.");
        }
        const missing = await post(server, '/api/v1/billing/checkout', org.apiKey, {});
        assert.equal(missing.status, 400);
        assert.equal((await errorOf(missing)).param, 'tier');
        const noBody = await post(server, '/api/v1/billing/checkout', org.apiKey);
        assert.equal(noBody.status, 400);
        assert.equal((await errorOf(noBody)).code, 'invalid_request');
        // A field the body does not take is refused by name (SPEC §2: `param` names the field).
        const extra = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'starter', coupon: 'FREE' });
        assert.equal(extra.status, 400);
        const e = await errorOf(extra);
        assert.deepEqual([e.code, e.param], ['invalid_request', 'coupon']);
        assert.match(e.message, /coupon/);
        // A 100-character name is repeated only in part, as for the analyze form (docs/api.md).
        const long = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'pro', ['x'.repeat(100)]: 1 });
        assert.equal((await errorOf(long)).param, `${'x'.repeat(64)}…`);
        const portal = await post(server, '/api/v1/billing/portal', org.apiKey, { return_url: 'https://example.org/' });
        assert.equal(portal.status, 400);
        assert.deepEqual([(await errorOf(portal)).param], ['return_url']);
      } finally {
        await server.close();
      }
    });

    test('portal without a subscription is 400; hosted links that are forged or expired are refused', async () => {
      const server = await startServer({ backend });
      try {
        const org = await createOrg(server);
        const portal = await post(server, '/api/v1/billing/portal', org.apiKey);
        assert.equal(portal.status, 400);
        assert.match((await errorOf(portal)).message, /checkout/);

        const res = await post(server, '/api/v1/billing/checkout', org.apiKey, { tier: 'starter' });
        const { url } = (await res.json()) as { url: string };
        const token = new URL(url).searchParams.get('token')!;
        const forged = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
        assert.equal((await fetch(`${server.url}/billing/test-mode/checkout?token=${encodeURIComponent(forged)}`)).status, 400);
        assert.equal((await submitForm(`${server.url}/billing/test-mode/checkout`, { token: forged })).status, 400);

        server.clock.advance(25 * 3600 * 1000); // links live for a day
        assert.equal((await fetch(url)).status, 400);
        const after = (await (await getJson(server.url, '/api/v1/usage', org.apiKey)).json()) as { organization: { tier: string } };
        assert.equal(after.organization.tier, 'trial');
      } finally {
        await server.close();
      }
    });
  });
}
