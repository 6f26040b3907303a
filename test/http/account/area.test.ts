import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNT_AREA_KEY_ID } from '../../../src/services/run-metered-analysis.js';
import { csrfOf, signedInCookie, TEST_SESSION_SECRET, uploadActionOf } from '../../support/account-session.js';
import { backends } from '../../support/databases.js';
import { statementLines, textPdf } from '../../support/documents.js';
import { auditRecordsOf, closeSharedReader, createOrg, getJson, startServer, type TestServer } from '../../support/server.js';

after(closeSharedReader);

const config = { sessionSecret: TEST_SESSION_SECRET };

/** A signed-in browser without a browser: one cookie, English pages, no redirects followed. */
function client(server: TestServer, cookie: string) {
  const headers = { cookie, 'accept-language': 'en' };
  return {
    get: (path: string) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' }),
    post: (path: string, form: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(form)) for (const one of ([] as string[]).concat(v)) body.append(k, one);
      return fetch(`${server.url}${path}`, { method: 'POST', headers, body, redirect: 'manual' });
    },
    upload: (path: string, documentType: string | null, file: Uint8Array | null) => {
      const form = new FormData();
      if (documentType !== null) form.append('document_type', documentType);
      if (file) form.append('file', new Blob([file], { type: 'application/pdf' }), 'statement.pdf');
      return fetch(`${server.url}${path}`, { method: 'POST', headers, body: form, redirect: 'manual' });
    },
  };
}

async function signIn(server: TestServer, options: Parameters<typeof createOrg>[1] = {}) {
  const org = await createOrg(server, options);
  const c = client(server, await signedInCookie(server, org.organizationId));
  return { org, c };
}

async function billable(server: TestServer, apiKey: string): Promise<number> {
  const res = await getJson(server.url, '/api/v1/usage', apiKey);
  return ((await res.json()) as { usage: { billable_calls: number } }).usage.billable_calls;
}

async function useCalls(server: TestServer, organizationId: string, n: number, counterKey: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    assert.ok(await server.store.reserveCall({ organizationId, counterKey }, null));
    await server.store.commitCall({ organizationId, counterKey });
  }
}

for (const backend of backends()) {
  describe(`account area pages (${backend})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startServer({ backend, config });
    });
    after(async () => server?.close());

    describe('landing page', () => {
      it('names the six document types, says documents are never stored, shows the prices of domain/tiers and links on', async () => {
        // Intl writes a no-break space between amount and currency sign.
        const html = (await (await fetch(`${server.url}/`, { headers: { 'accept-language': 'de' } })).text()).replace(/\u00a0/g, ' ');
        for (const d of ['Kontoauszug', 'Steuerbescheid', 'Lohnabrechnung', 'Mahnung', 'Kündigung', 'Bußgeldbescheid']) assert.ok(html.includes(d), d);
        assert.match(html, /nie gespeichert/);
        for (const price of ['99 €', '299 €', '799 €', '0,50 €', '0,35 €', '0,25 €', 'auf Anfrage']) assert.ok(html.includes(price), price);
        assert.match(html, />50 Aufrufe einmalig</);
        assert.match(html, /href="\/api-account\/sign-up"/);
        assert.match(html, /href="\/docs"/);
        assert.match(html, /href="\/api\/v1\/openapi.json"/);
      });
    });

    describe('sign-in is required', () => {
      for (const path of ['/api-account/keys', '/api-account/usage', '/api-account/try', '/api-account/billing']) {
        it(`${path} without a session redirects to sign-in`, async () => {
          const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
          assert.equal(res.status, 303);
          assert.equal(res.headers.get('location'), `/api-account/sign-in?next=${encodeURIComponent(path)}`);
        });
      }
      it('a cookie with a forged signature is no session', async () => {
        const org = await createOrg(server);
        const cookie = await signedInCookie(server, org.organizationId, 'x@example.test', 'another-secret-0123456789abcdefghij');
        const res = await client(server, cookie).get('/api-account/keys');
        assert.equal(res.status, 303);
      });
    });

    describe('keys', () => {
      it('lists the keys with name, prefix, scopes, dates and status', async () => {
        const { org, c } = await signIn(server);
        const res = await c.get('/api-account/keys');
        assert.equal(res.status, 200);
        const html = await res.text();
        const [key] = await server.store.listApiKeys(org.organizationId);
        assert.ok(html.includes(`${key!.prefix}…`));
        assert.ok(!html.includes(org.apiKey), 'the full key is never listed');
        assert.match(html, /analyze:write/);
        assert.match(html, />active</);
        assert.match(html, />never</);
      });

      it('creates a key with the chosen scopes and shows it once, in the POST response only', async () => {
        const { org, c } = await signIn(server);
        const csrf = csrfOf(await (await c.get('/api-account/keys')).text());
        const res = await c.post('/api-account/keys', { _csrf: csrf, name: 'Usage only', scopes: ['usage:read'] });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('location'), null);
        assert.match(res.headers.get('cache-control') ?? '', /no-store/);
        const html = await res.text();
        const apiKey = /<code id="new-key">(kt_live_[0-9A-Za-z]{32})<\/code>/.exec(html)?.[1];
        assert.ok(apiKey, 'the new key is on the page');
        assert.doesNotMatch(html, /hreflang=/, 'no language link that would leave the page and lose the key');
        assert.equal((await getJson(server.url, '/api/v1/usage', apiKey)).status, 200);
        const analyze = await fetch(`${server.url}/api/v1/analyze`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` } });
        assert.equal(analyze.status, 403, 'a key without analyze:write');
        const again = await (await c.get('/api-account/keys')).text();
        assert.ok(!again.includes(apiKey), 'shown once');
        assert.match(again, /hreflang=/, 'the plain keys page has its language link');
        assert.match(again, /Usage only/);
        assert.equal((await server.store.listApiKeys(org.organizationId)).length, 2);
      });

      it('without a scope, with an unknown scope or without a name: the form again with the error, nothing created', async () => {
        const { org, c } = await signIn(server);
        const csrf = csrfOf(await (await c.get('/api-account/keys')).text());
        const none = await c.post('/api-account/keys', { _csrf: csrf, name: 'No scopes' });
        assert.equal(none.status, 400);
        const noneHtml = await none.text();
        assert.match(noneHtml, /Please choose at least one scope/);
        assert.match(noneHtml, /value="No scopes"/, 'the name is kept');
        const unknown = await c.post('/api-account/keys', { _csrf: csrf, name: 'x', scopes: ['admin:all'] });
        assert.equal(unknown.status, 400);
        const nameless = await c.post('/api-account/keys', { _csrf: csrf, name: '  ', scopes: ['usage:read'] });
        assert.equal(nameless.status, 400);
        assert.match(await nameless.text(), /Please enter a name/);
        const long = await c.post('/api-account/keys', { _csrf: csrf, name: 'n'.repeat(81), scopes: ['usage:read'] });
        assert.equal(long.status, 400);
        assert.equal((await server.store.listApiKeys(org.organizationId)).length, 1);
      });

      it('a missing or forged CSRF token is 403 and creates nothing', async () => {
        const { org, c } = await signIn(server);
        await c.get('/api-account/keys');
        assert.equal((await c.post('/api-account/keys', { name: 'x', scopes: ['usage:read'] })).status, 403);
        const forged = await c.post('/api-account/keys', { _csrf: 'forged-token', name: 'x', scopes: ['usage:read'] });
        assert.equal(forged.status, 403);
        assert.match(await forged.text(), /Form expired/);
        // A token of another session is forged too.
        const other = await signIn(server);
        const foreign = csrfOf(await (await other.c.get('/api-account/keys')).text());
        assert.equal((await c.post('/api-account/keys', { _csrf: foreign, name: 'x', scopes: ['usage:read'] })).status, 403);
        assert.equal((await server.store.listApiKeys(org.organizationId)).length, 1);
      });

      it('revoking asks first, then revokes; a second instance on the same database refuses the key at once', async () => {
        const second = await startServer({ db: server.db, config });
        try {
          const { org, c } = await signIn(server);
          assert.equal((await getJson(second.url, '/api/v1/usage', org.apiKey)).status, 200);
          const confirm = await c.get(`/api-account/keys/${org.keyId}/revoke`);
          assert.equal(confirm.status, 200);
          const html = await confirm.text();
          assert.match(html, /Do you want to revoke the key “default”/);
          assert.equal((await server.store.listApiKeys(org.organizationId))[0]!.revokedAt, null, 'the confirmation page changes nothing');
          const res = await c.post(`/api-account/keys/${org.keyId}/revoke`, { _csrf: csrfOf(html) });
          assert.equal(res.status, 303);
          assert.equal(res.headers.get('location'), `/api-account/keys?revoked=${org.keyId}`);
          const list = await (await c.get(res.headers.get('location')!)).text();
          assert.match(list, /is revoked/);
          assert.match(list, />revoked</);
          for (const s of [second, server]) {
            const api = await getJson(s.url, '/api/v1/usage', org.apiKey);
            assert.equal(api.status, 401);
            assert.equal(((await api.json()) as { error: { code: string } }).error.code, 'revoked_api_key');
          }
          // Revoking again is harmless and the confirmation page says so.
          assert.match(await (await c.get(`/api-account/keys/${org.keyId}/revoke`)).text(), /was already revoked/);
        } finally {
          await second.close();
        }
      });

      it("another organization's key id is 404 on both steps and changes nothing", async () => {
        const { c } = await signIn(server);
        const victim = await createOrg(server, { name: 'Andere GmbH' });
        const csrf = csrfOf(await (await c.get('/api-account/keys')).text());
        assert.equal((await c.get(`/api-account/keys/${victim.keyId}/revoke`)).status, 404);
        assert.equal((await c.post(`/api-account/keys/${victim.keyId}/revoke`, { _csrf: csrf })).status, 404);
        assert.equal((await c.post('/api-account/keys/key_doesnotexist/revoke', { _csrf: csrf })).status, 404);
        assert.equal((await server.store.listApiKeys(victim.organizationId))[0]!.revokedAt, null);
        assert.equal((await getJson(server.url, '/api/v1/usage', victim.apiKey)).status, 200);
      });

      it('revoking without a CSRF token is 403 and the key stays usable', async () => {
        const { org, c } = await signIn(server);
        await c.get('/api-account/keys');
        assert.equal((await c.post(`/api-account/keys/${org.keyId}/revoke`, {})).status, 403);
        assert.equal((await getJson(server.url, '/api/v1/usage', org.apiKey)).status, 200);
      });
    });

    describe('usage', () => {
      it('shows the usage record and one bar per day with calls, from the audit records (UTC days)', async () => {
        const { org, c } = await signIn(server);
        await useCalls(server, org.organizationId, 4, 'trial');
        const audit = (at: string, statusCode = 200) =>
          server.store.insertAuditRecord({
            id: `aud_${Math.random().toString(36).slice(2)}`,
            organizationId: org.organizationId,
            keyId: org.keyId,
            documentType: 'kontoauszug',
            statusCode,
            pages: 1,
            latencyMs: 5,
            createdAt: new Date(at),
          });
        // The trial's period runs from creation (the test clock: 2026-03-15T10:00Z) for a month.
        await audit('2026-03-16T00:00:00Z');
        await audit('2026-03-16T12:00:00Z');
        await audit('2026-03-16T23:59:59Z');
        await audit('2026-03-20T08:00:00Z');
        await audit('2026-03-20T09:00:00Z', 402);
        await audit('2026-03-14T09:00:00Z'); // before the period
        const res = await c.get('/api-account/usage');
        assert.equal(res.status, 200);
        const html = await res.text();
        assert.match(html, /id="billable-calls">4</);
        assert.match(html, /id="included-calls">50</);
        assert.match(html, /id="overage-calls">0</);
        assert.match(html, /<svg class="chart"[^>]*role="img" aria-labelledby="chart-title chart-desc"/);
        assert.match(html, /<desc id="chart-desc">4 calls on 2 days; most on 16 Mar 2026 \(3\)\.<\/desc>/);
        const bars = [...html.matchAll(/class="bar"><title>([^<]+)<\/title>/g)].map((m) => m[1]);
        assert.deepEqual(bars, ['16 Mar 2026: 3', '20 Mar 2026: 1']);
        assert.match(html, /46 left/);
      });

      it('on starter with 600 calls: pro at 299 € would include them for the same money', async () => {
        const { org, c } = await signIn(server, { tier: 'starter' });
        const organization = (await server.store.getOrganization(org.organizationId))!;
        const record = await (await getJson(server.url, '/api/v1/usage', org.apiKey)).json() as { period: { start: string } };
        assert.ok(organization.tier === 'starter');
        await useCalls(server, org.organizationId, 600, record.period.start);
        const html = await (await c.get('/api-account/usage')).text();
        assert.match(html, /id="billable-calls">600</);
        assert.match(html, /id="overage-calls">400</);
        assert.match(html, /id="overage-cost">€200</);
        assert.match(html, /Pro costs the same at this volume and includes 1,000 calls/);
        assert.match(html, /€299/);
      });
    });

    describe('try it', () => {
      it('a real statement PDF: postings table, one billable call, an audit record under the account-area key id', async () => {
        const { org, c } = await signIn(server);
        const before = await billable(server, org.apiKey);
        const action = uploadActionOf(await (await c.get('/api-account/try')).text());
        const res = await c.upload(action, 'kontoauszug', await textPdf([statementLines()]));
        const html = await res.text();
        assert.equal(res.status, 200, html.slice(0, 500));
        // The postings model with its evidence: a row per posting, its frame on the page as read.
        assert.match(html, /<table class="postings evidence-rows">/);
        assert.match(html, /<th scope="col"[^>]*>Counterparty<\/th>/);
        assert.equal(html.match(/<tr id="posting-1-\d+"/g)?.length, 4);
        assert.match(html, /−84\.00 EUR/);
        assert.match(html, /2,288\.00 EUR/);
        assert.match(html, /<image href="data:image\/jpeg;base64,/);
        assert.equal(html.match(/<a href="#posting-1-\d+" id="box-1-\d+" class="box verified-/g)?.length, 4);
        assert.match(html, /&quot;document_type&quot;: &quot;kontoauszug&quot;/, 'the raw JSON, escaped');
        assert.equal(await billable(server, org.apiKey), before + 1);
        const records = await auditRecordsOf(server, org.organizationId, 1);
        assert.equal(records[0]!.keyId, ACCOUNT_AREA_KEY_ID);
        assert.equal(records[0]!.statusCode, 200);
        assert.equal(records[0]!.documentType, 'kontoauszug');
        // The token of that form is spent: sending it again is refused and bills nothing.
        const again = await c.upload(action, 'kontoauszug', await textPdf([statementLines()]));
        assert.equal(again.status, 403);
        assert.equal(await billable(server, org.apiKey), before + 1);
      });

      it('a missing or forged upload token is 403 and nothing is billed', async () => {
        const { org, c } = await signIn(server);
        await c.get('/api-account/try');
        const pdf = await textPdf([statementLines()]);
        assert.equal((await c.upload('/api-account/try', 'kontoauszug', pdf)).status, 403);
        assert.equal((await c.upload('/api-account/try?token=forged', 'kontoauszug', pdf)).status, 403);
        assert.equal(await billable(server, org.apiKey), 0);
        assert.equal((await server.store.listAuditRecords(org.organizationId, 10)).length, 0);
      });

      it('a trial at 50 calls: the 402 page, nothing billed', async () => {
        const { org, c } = await signIn(server);
        await useCalls(server, org.organizationId, 50, 'trial');
        const action = uploadActionOf(await (await c.get('/api-account/try')).text());
        const res = await c.upload(action, 'kontoauszug', await textPdf([statementLines()]));
        assert.equal(res.status, 402);
        const html = await res.text();
        assert.match(html, /Trial allowance used up/);
        assert.match(html, /href="\/api-account\/billing"/);
        assert.equal(await billable(server, org.apiKey), 50);
        const [record] = await auditRecordsOf(server, org.organizationId, 1);
        assert.equal(record!.statusCode, 402);
      });

      it('an unreadable file, a file that is no PDF and a missing document type: a clear 400 page, nothing billed', async () => {
        const { org, c } = await signIn(server);
        const cases: [string | null, Uint8Array, RegExp][] = [
          ['kontoauszug', new TextEncoder().encode('%PDF-1.4\nthis is not really a pdf'), /File cannot be read/],
          ['kontoauszug', new TextEncoder().encode('plain text, not a document'), /File cannot be read/],
          [null, await textPdf([statementLines()]), /Document type missing/],
          ['rechnung', await textPdf([statementLines()]), /Document type missing/],
        ];
        for (const [type, bytes, message] of cases) {
          const action = uploadActionOf(await (await c.get('/api-account/try')).text());
          const res = await c.upload(action, type, bytes);
          assert.equal(res.status, 400);
          assert.match(await res.text(), message);
        }
        assert.equal(await billable(server, org.apiKey), 0);
        const records = await auditRecordsOf(server, org.organizationId, cases.length);
        assert.deepEqual(records.map((r) => r.statusCode), cases.map(() => 400));
      });

      it("over the organization's rate limit: the 429 page with Retry-After, nothing billed", async () => {
        const { org, c } = await signIn(server, { tier: 'starter', rateLimit: 1 });
        assert.equal((await getJson(server.url, '/api/v1/usage', org.apiKey)).status, 200); // uses the one request
        const action = uploadActionOf(await (await c.get('/api-account/try')).text());
        const res = await c.upload(action, 'kontoauszug', await textPdf([statementLines()]));
        assert.equal(res.status, 429);
        assert.ok(Number(res.headers.get('retry-after')) >= 1);
        assert.match(await res.text(), /Too many requests/);
        assert.equal((await auditRecordsOf(server, org.organizationId, 1))[0]?.statusCode, 429, 'written once the page is out');
      });
    });

    describe('billing', () => {
      it('upgrade buttons go to the hosted checkout; completing it puts the organization on starter with 200 calls', async () => {
        const { org, c } = await signIn(server);
        const page = await (await c.get('/api-account/billing')).text();
        for (const tier of ['starter', 'pro', 'business']) assert.match(page, new RegExp(`name="tier" value="${tier}"`));
        const res = await c.post('/api-account/billing/checkout', { _csrf: csrfOf(page), tier: 'starter' });
        assert.equal(res.status, 303);
        const location = res.headers.get('location')!;
        assert.ok(location.startsWith(`${server.url}/billing/test-mode/checkout?token=`), location);
        const checkout = await (await fetch(location)).text();
        const token = /name="token" value="([^"]+)"/.exec(checkout)![1]!.replace(/&amp;/g, '&');
        const done = await fetch(`${server.url}/billing/test-mode/checkout`, { method: 'POST', body: new URLSearchParams({ token }) });
        assert.equal(done.status, 200);
        const after = await (await c.get('/api-account/billing?checkout=success')).text();
        assert.match(after, /id="current-tier">Starter</);
        assert.match(after, /id="current-included">200 calls per month</);
        assert.match(after, /Your subscription is complete/);
        assert.equal((await server.store.getOrganization(org.organizationId))!.tier, 'starter');
        // On a paid tier: no upgrade buttons, a checkout is refused, the portal opens.
        assert.doesNotMatch(after, /name="tier"/);
        const csrf = csrfOf(after);
        const refused = await c.post('/api-account/billing/checkout', { _csrf: csrf, tier: 'pro' });
        assert.equal(refused.status, 400);
        assert.match(await refused.text(), /already on a paid plan/);
        const portal = await c.post('/api-account/billing/portal', { _csrf: csrf });
        assert.equal(portal.status, 303);
        assert.ok(portal.headers.get('location')!.startsWith(`${server.url}/billing/test-mode/portal?token=`));
      });

      it('an unknown tier, the portal on a trial, and a missing CSRF token are refused', async () => {
        const { c } = await signIn(server);
        const csrf = csrfOf(await (await c.get('/api-account/billing')).text());
        const bad = await c.post('/api-account/billing/checkout', { _csrf: csrf, tier: 'enterprise' });
        assert.equal(bad.status, 400);
        assert.match(await bad.text(), /Please choose Starter, Pro or Business/);
        const portal = await c.post('/api-account/billing/portal', { _csrf: csrf });
        assert.equal(portal.status, 400);
        assert.match(await portal.text(), /available once you have a subscription/);
        assert.equal((await c.post('/api-account/billing/checkout', { tier: 'starter' })).status, 403);
        assert.equal((await c.post('/api-account/billing/portal', {})).status, 403);
      });

      it('?checkout=cancelled says nothing was charged', async () => {
        const { c } = await signIn(server);
        assert.match(await (await c.get('/api-account/billing?checkout=cancelled')).text(), /Checkout was cancelled; nothing was charged/);
      });
    });
  });
}
