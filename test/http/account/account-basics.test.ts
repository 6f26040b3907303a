import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { safeNext } from '../../../src/http/account/guard.js';
import { LOCALES, messageKeys, translator } from '../../../src/http/account/i18n.js';
import { closeSharedReader, startServer, type TestServer } from '../../support/server.js';

describe('account area: copy in both languages', () => {
  it('every message key exists in German and in English', () => {
    const [de, en] = LOCALES.map((l) => new Set(messageKeys(l)));
    assert.deepEqual([...de!].filter((k) => !en!.has(k)), [], 'keys only in German');
    assert.deepEqual([...en!].filter((k) => !de!.has(k)), [], 'keys only in English');
  });

  it('a missing key is an error, not a blank on the page; placeholders are filled', () => {
    assert.throws(() => translator('en')('no.such.key'), /missing/);
    assert.equal(translator('en')('common.nav.keys'), 'API keys');
  });
});

describe('account area: next parameter after sign-in', () => {
  it('keeps paths of the account area', () => {
    assert.equal(safeNext('/api-account/usage'), '/api-account/usage');
    assert.equal(safeNext('/api-account/keys?created=1'), '/api-account/keys?created=1');
  });

  it('refuses every way out to another site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/api-account',
      '/api-account//evil.example',
      '/\\evil.example',
      '/api-account/%2f%2fevil.example',
      '/api-accountx',
      'javascript:alert(1)',
      '/api-account/\r\nLocation: https://evil.example',
      '',
      undefined,
      42,
    ]) {
      assert.equal(safeNext(bad), '/api-account/keys', String(bad));
    }
  });
});

describe('public pages over HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.close();
    await closeSharedReader();
  });

  it('GET / is an HTML page with security headers, in the language the browser asks for', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    const html = await res.text();
    assert.match(html, /<html lang="en">/);
    const german = await (await fetch(`${server.url}/`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text();
    assert.match(german, /<html lang="de">/);
  });

  it('?lang= switches the language and a cookie keeps it', async () => {
    const res = await fetch(`${server.url}/?lang=en`, { headers: { 'accept-language': 'de' } });
    assert.match(await res.text(), /<html lang="en">/);
    const cookie = res.headers.get('set-cookie') ?? '';
    assert.match(cookie, /kt_lang=en/);
    const again = await fetch(`${server.url}/`, { headers: { 'accept-language': 'de', cookie: cookie.split(';')[0]! } });
    assert.match(await again.text(), /<html lang="en">/);
  });

  it('an unknown account page is an HTML 404; an unknown API route stays a JSON 404', async () => {
    const page = await fetch(`${server.url}/api-account/no-such-page`);
    assert.equal(page.status, 404);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const api = await fetch(`${server.url}/api/v1/no-such-route`);
    assert.equal(api.status, 404);
    assert.equal(((await api.json()) as { error: { code: string } }).error.code, 'not_found');
  });

  it('assets are served; an unknown asset is 404', async () => {
    const css = await fetch(`${server.url}/assets/klartext.css`);
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    assert.equal((await fetch(`${server.url}/assets/nope.js`)).status, 404);
  });
});
