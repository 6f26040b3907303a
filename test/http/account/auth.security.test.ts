import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiKeyOn, followLink, nextIp, requestSignIn, requestSignUp, startAccountServer, type AccountServer } from '../../support/account.js';
import { PageClient, csrfTokenOf } from '../../support/cookie-jar.js';
import { backends } from '../../support/databases.js';
import { closeSharedReader, createOrg } from '../../support/server.js';

const KEYS = '/api-account/keys';

/** The session id inside a kt_session cookie value (`<id>.<signature>`, URL-encoded). */
function sessionIdOf(cookie: string): string {
  return decodeURIComponent(cookie).replace(/\.[^.]+$/, '');
}

for (const backend of backends()) {
  describe(`account sign-up and sign-in refuse what they must (${backend})`, () => {
    let account: AccountServer;
    before(async () => {
      account = await startAccountServer(backend);
    });
    after(async () => {
      await account.close();
      await closeSharedReader();
    });

    it('a used link does not work a second time, also from another browser', async () => {
      const { mail } = await requestSignUp(account, account.client(), { company: 'Reuse GmbH', email: 'reuse@example.com' });
      const first = await followLink(account.client(), mail.links[0]!);
      assert.ok(apiKeyOn(await first.res.text()));
      const other = account.client();
      const second = await followLink(other, mail.links[0]!);
      assert.equal(second.res.status, 400);
      assert.match(await second.res.text(), /Dieser Link gilt nicht mehr/);
      assert.equal(other.jar.get('kt_session'), undefined, 'the other browser got no session');
      assert.equal((await other.get('/api-account')).headers.get('location'), '/api-account/sign-in');
    });

    it('a link is refused 31 minutes after it was sent', async () => {
      const { mail } = await requestSignUp(account, account.client(), { company: 'Late GmbH', email: 'late@example.com' });
      account.server.clock.advance(31 * 60 * 1000);
      const { res } = await followLink(account.client(), mail.links[0]!);
      assert.equal(res.status, 400);
      assert.match(await res.text(), /Dieser Link gilt nicht mehr/);
      assert.equal((await account.server.store.findOrganizationsByEmail('late@example.com')).length, 0, 'no organization');
    });

    it('an unknown, malformed or missing token is the same invalid-link page', async () => {
      const client = account.client();
      for (const token of ['A'.repeat(43), 'short', '']) {
        const page = await client.get(`/api-account/confirm?lang=de&token=${'B'.repeat(43)}`);
        const html = await page.text();
        const res = await client.post('/api-account/confirm', { _csrf: csrfTokenOf(html), token });
        assert.equal(res.status, 400, token);
        assert.match(await res.text(), /Dieser Link gilt nicht mehr/);
      }
      const noToken = await client.get('/api-account/confirm');
      assert.equal(noToken.status, 400);
    });

    it('every POST without a valid CSRF token is a 403 HTML page and does nothing', async () => {
      const { mail } = await requestSignUp(account, account.client(), { company: 'Csrf GmbH', email: 'csrf@example.com' });
      const token = new URL(mail.links[0]!).searchParams.get('token')!;
      const client = account.client();
      await client.get(mail.links[0]!); // has a CSRF secret cookie now
      const cases: [string, Record<string, string>][] = [
        ['/api-account/confirm', { token }],
        ['/api-account/confirm', { token, _csrf: 'forged-token' }],
        ['/api-account/sign-up', { company: 'X', email: 'x@example.com', _csrf: 'forged' }],
        ['/api-account/sign-in', { email: 'x@example.com' }],
        ['/api-account/sign-out', { _csrf: 'forged' }],
      ];
      for (const [path, fields] of cases) {
        const res = await client.post(path, fields);
        assert.equal(res.status, 403, path);
        assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
        assert.match(await res.text(), /Formular abgelaufen/);
      }
      // Without any session at all (a cross-site form post), too.
      const stranger = new PageClient(account.server.url, undefined, { 'x-forwarded-for': nextIp() });
      assert.equal((await stranger.post('/api-account/confirm', { token, _csrf: 'x' })).status, 403);
      // The link still works: the refused posts used nothing up.
      const { res } = await followLink(account.client(), mail.links[0]!);
      assert.ok(apiKeyOn(await res.text()));
    });

    it('a tampered or unsigned session cookie signs nobody in', async () => {
      const client = account.client();
      const { mail } = await requestSignUp(account, client, { company: 'Cookie GmbH', email: 'cookie@example.com' });
      await followLink(client, mail.links[0]!);
      const cookie = client.jar.get('kt_session')!;
      assert.equal((await client.get('/api-account')).headers.get('location'), KEYS);

      const raw = decodeURIComponent(cookie);
      const id = sessionIdOf(cookie);
      const signature = raw.slice(id.length + 1);
      const forged = [
        id, // unsigned
        `${id}.${signature.slice(0, -2)}xx`, // signature changed
        `${id.slice(0, -1)}${id.endsWith('a') ? 'b' : 'a'}.${signature}`, // id changed
      ];
      for (const value of forged) {
        const res = await fetch(`${account.server.url}/api-account`, { headers: { cookie: `kt_session=${encodeURIComponent(value)}` }, redirect: 'manual' });
        assert.equal(res.headers.get('location'), '/api-account/sign-in', value);
      }
    });

    it('a session only ever holds the organization it signed into', async () => {
      const a = account.client();
      const b = account.client();
      const signUpA = await requestSignUp(account, a, { company: 'Firma A', email: 'a@example.com' });
      const signUpB = await requestSignUp(account, b, { company: 'Firma B', email: 'b@example.com' });
      const pageA = await (await followLink(a, signUpA.mail.links[0]!)).res.text();
      const pageB = await (await followLink(b, signUpB.mail.links[0]!)).res.text();
      assert.match(pageA, /Firma A/);
      assert.doesNotMatch(pageA, /Firma B/);
      assert.match(pageB, /Firma B/);
      const [orgA] = await account.server.store.findOrganizationsByEmail('a@example.com');
      const [orgB] = await account.server.store.findOrganizationsByEmail('b@example.com');
      const now = account.server.clock.now();
      const sessionA = JSON.parse((await account.server.store.getAccountSession(sessionIdOf(a.jar.get('kt_session')!), now))!.data);
      const sessionB = JSON.parse((await account.server.store.getAccountSession(sessionIdOf(b.jar.get('kt_session')!), now))!.data);
      assert.equal(sessionA.organizationId, orgA!.id);
      assert.equal(sessionA.email, 'a@example.com');
      assert.equal(sessionB.organizationId, orgB!.id);
      // Nothing a visitor sends can put another organization into a session: the only writer is
      // the confirmation of a link, and a form field named like a session key changes nothing.
      const csrf = csrfTokenOf(pageA);
      await a.post('/api-account/sign-in', { _csrf: csrf, email: 'a@example.com', organizationId: orgB!.id });
      const after = JSON.parse((await account.server.store.getAccountSession(sessionIdOf(a.jar.get('kt_session')!), account.server.clock.now()))!.data);
      assert.equal(after.organizationId, orgA!.id);
    });

    it('`next` never leads off the account area', async () => {
      const email = 'ops@testfirma.example';
      await createOrg(account.server, { name: 'Redirect GmbH' });
      for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', '/api-account//evil.example', 'javascript:alert(1)', '/api-account/%2f%2fevil.example']) {
        account.server.clock.advance(61 * 60 * 1000); // a fresh per-address window for each try
        const client = account.client();
        const { mail } = await requestSignIn(account, client, { email, next });
        const link = mail.links.find((l) => l.includes('/api-account/confirm'))!;
        assert.equal(new URL(link).searchParams.get('next'), null, `${next}: not carried in the link`);
        // A hand-made link with a hostile next (the token itself is genuine) lands on the keys.
        const crafted = new URL(link);
        crafted.searchParams.set('next', next);
        const { res } = await followLink(client, crafted.toString());
        assert.equal(res.status, 303, next);
        assert.equal(res.headers.get('location'), KEYS, next);
      }
    });

    it('links point at PUBLIC_BASE_URL whatever Host or X-Forwarded-Host the request names', async () => {
      const client = account.client({ host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
      const { mail } = await requestSignUp(account, client, { company: 'Host GmbH', email: 'host@example.com' });
      assert.ok(mail.links.length > 0);
      for (const link of mail.links) assert.equal(new URL(link).origin, account.server.url);
      assert.doesNotMatch(mail.text + mail.html, /evil\.example/);
    });

    it('form errors are shown on the form (400) and send nothing', async () => {
      const before = account.sink.messages.length;
      const client = account.client();
      const cases: [Record<string, string>, RegExp][] = [
        [{ company: '   ', email: 'ok@example.com' }, /Bitte geben Sie den Namen Ihrer Firma an/],
        [{ company: 'x'.repeat(201), email: 'ok@example.com' }, /höchstens 200 Zeichen/],
        [{ company: 'Ok GmbH', email: 'not-an-address' }, /gültige E-Mail-Adresse/],
        [{ company: 'Ok GmbH', email: `${'a'.repeat(250)}@example.com` }, /gültige E-Mail-Adresse/],
      ];
      for (const [fields, message] of cases) {
        const res = await client.submit('/api-account/sign-up', '/api-account/sign-up', fields);
        assert.equal(res.status, 400);
        const html = await res.text();
        assert.match(html, message);
        assert.match(html, /aria-invalid="true"/);
      }
      const signIn = await client.submit('/api-account/sign-in', '/api-account/sign-in', { email: 'nope' });
      assert.equal(signIn.status, 400);
      assert.match(await signIn.text(), /gültige E-Mail-Adresse/);
      assert.equal(account.sink.messages.length, before);
    });

    it('logs hold no address, token, key or cookie', async () => {
      const client = account.client();
      const { mail } = await requestSignUp(account, client, { company: 'Log GmbH', email: 'log-check@example.com' });
      const { res } = await followLink(client, mail.links[0]!);
      const apiKey = apiKeyOn(await res.text())!;
      const token = new URL(mail.links[0]!).searchParams.get('token')!;
      const logs = account.server.logs.join('\n');
      assert.match(logs, /confirm\?token=\[redacted\]/, 'the confirmation request is logged without its token');
      for (const secret of ['log-check@example.com', token, apiKey, sessionIdOf(client.jar.get('kt_session')!)]) {
        assert.ok(!logs.includes(secret), 'a secret is in the logs');
      }
    });
  });

  describe(`account sign-up and sign-in limits and enumeration (${backend})`, () => {
    let account: AccountServer;
    before(async () => {
      account = await startAccountServer(backend);
      await createOrg(account.server, { name: 'Known GmbH' }); // ops@testfirma.example
    });
    after(async () => {
      await account.close();
      await closeSharedReader();
    });

    it('one IP gets 10 link requests per 15 minutes, then an HTML 429 with Retry-After', async () => {
      const ip = nextIp();
      const client = account.client({ 'x-forwarded-for': ip });
      const start = account.server.clock.now();
      account.server.clock.set(new Date(Math.ceil(start.getTime() / 900_000) * 900_000)); // a window's start
      for (let i = 0; i < 10; i++) {
        const path = i % 2 === 0 ? '/api-account/sign-up' : '/api-account/sign-in';
        const res = await client.submit(path, path, { company: 'Flut GmbH', email: `flood-${i}@example.com` });
        assert.equal(res.status, 200, `request ${i + 1}`);
      }
      const refused = await client.submit('/api-account/sign-up', '/api-account/sign-up', { company: 'Flut GmbH', email: 'flood-x@example.com' });
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('retry-after'), '900');
      assert.match(refused.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await refused.text(), /Zu viele Anfragen/);
      // Another IP is not affected; the same IP is served again in the next window.
      assert.equal((await account.client().submit('/api-account/sign-in', '/api-account/sign-in', { email: 'other@example.com' })).status, 200);
      account.server.clock.advance(15 * 60 * 1000);
      assert.equal((await client.submit('/api-account/sign-in', '/api-account/sign-in', { email: 'flood-y@example.com' })).status, 200);
    });

    it('one address gets 3 link requests per hour from anywhere; known and unknown alike', async () => {
      account.server.clock.set(new Date(Math.ceil(account.server.clock.now().getTime() / 3_600_000) * 3_600_000));
      const answers: { status: number; retryAfter: string | null; body: string }[][] = [];
      for (const email of ['ops@testfirma.example', 'nobody-here@example.com']) {
        const seen = [];
        for (let i = 0; i < 4; i++) {
          const res = await account.client().submit('/api-account/sign-in', '/api-account/sign-in', { email });
          seen.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() });
        }
        answers.push(seen);
      }
      const [known, unknown] = answers;
      assert.deepEqual(known!.map((a) => a.status), [200, 200, 200, 429]);
      assert.deepEqual(unknown!.map((a) => a.status), [200, 200, 200, 429]);
      assert.equal(known![3]!.retryAfter, '3600');
      assert.equal(unknown![3]!.retryAfter, '3600');
      for (let i = 0; i < 4; i++) assert.equal(known![i]!.body, unknown![i]!.body, `answer ${i + 1} is the same`);
      // Sign-up counts against the same address budget.
      const signUp = await account.client().submit('/api-account/sign-up', '/api-account/sign-up', { company: 'X', email: 'ops@testfirma.example' });
      assert.equal(signUp.status, 429);
    });

    it('sign-in: the same page for a known and an unknown address; only the known one gets mail', async () => {
      account.server.clock.advance(2 * 60 * 60 * 1000);
      const known = await account.client().submit('/api-account/sign-in', '/api-account/sign-in', { email: 'ops@testfirma.example' });
      const unknown = await account.client().submit('/api-account/sign-in', '/api-account/sign-in', { email: 'stranger@example.com' });
      assert.equal(known.status, 200);
      assert.equal(unknown.status, 200);
      assert.equal(await known.text(), await unknown.text());
      await account.sink.waitFor((m) => m.to.includes('ops@testfirma.example') && m.subject === 'Ihr Anmeldelink für Klartext');
      // Closing the server waits for e-mail still being sent, so the sink now has all there is.
      await account.server.close();
      assert.equal(account.sink.messages.filter((m) => m.to.includes('stranger@example.com')).length, 0);
      await account.sink.close();
      account = await startAccountServer(backend); // for after()
    });
  });
}
