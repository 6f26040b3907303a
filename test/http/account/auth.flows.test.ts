import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiKeyOn, followLink, requestSignIn, requestSignUp, startAccountServer, type AccountServer } from '../../support/account.js';
import { backends } from '../../support/databases.js';
import { closeSharedReader, createOrg } from '../../support/server.js';

for (const backend of backends()) {
  describe(`account sign-up and sign-in (${backend})`, () => {
    let account: AccountServer;
    before(async () => {
      account = await startAccountServer(backend);
    });
    after(async () => {
      await account.close();
      await closeSharedReader();
    });

    it('sign-up → e-mail → confirm → the first key, once, and it works on /api/v1/usage', async () => {
      const client = account.client();
      const { page, html, mail } = await requestSignUp(account, client, { company: '  Müller & Söhne GmbH ', email: ' Anna.Mueller@Example.DE ' });
      assert.equal(page.status, 200);
      assert.match(html, /Bitte sehen Sie in Ihr Postfach/);
      assert.deepEqual(mail.to, ['anna.mueller@example.de'], 'the address is trimmed and lower-cased');
      assert.equal(mail.subject, 'Bitte bestätigen Sie Ihre E-Mail-Adresse für Klartext');
      // Nothing typed into the form but the address goes into the mail (company-name.test.ts).
      assert.ok(!mail.text.includes('Müller') && !mail.html.includes('Müller'), 'the company name is not in the mail');
      assert.equal(mail.links.length, 1);
      const link = new URL(mail.links[0]!);
      assert.equal(link.origin, account.server.url, 'the link points at PUBLIC_BASE_URL');
      assert.equal(link.pathname, '/api-account/confirm');
      assert.match(link.searchParams.get('token') ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.match(mail.html, new RegExp(`href="${mail.links[0]!.replace(/[.?*+^$()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;')}"`));

      // Opening the link only shows a button; nothing is used up yet.
      const opened = await client.get(mail.links[0]!);
      assert.equal(opened.status, 200);
      assert.equal(opened.headers.get('cache-control'), 'no-store');
      assert.match(await opened.text(), /Bestätigen und fortfahren/);

      const { res } = await followLink(client, mail.links[0]!);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const keyPage = await res.text();
      const apiKey = apiKeyOn(keyPage);
      assert.ok(apiKey, 'the key page shows the key');
      assert.match(keyPage, /data-copy="#api-key"/);
      assert.ok(keyPage.includes(`curl ${account.server.url}/api/v1/usage`), 'a ready curl example for usage');
      assert.ok(keyPage.includes(`curl ${account.server.url}/api/v1/analyze`), 'and one for analyze');
      assert.match(keyPage, /Müller &amp; Söhne GmbH/);
      assert.match(keyPage, /action="\/api-account\/sign-out"/, 'signed in: the sign-out form is there');
      assert.doesNotMatch(keyPage, /hreflang=/, 'no language link that would leave the page and lose the key');

      const usage = await fetch(`${account.server.url}/api/v1/usage`, { headers: { authorization: `Bearer ${apiKey}` } });
      assert.equal(usage.status, 200);
      const body = (await usage.json()) as { organization: { name: string; tier: string } };
      assert.equal(body.organization.tier, 'trial');
      assert.equal(body.organization.name, 'Müller & Söhne GmbH');

      const [organization] = await account.server.store.findOrganizationsByEmail('anna.mueller@example.de');
      assert.equal(organization?.name, 'Müller & Söhne GmbH', 'the company name is trimmed');
      assert.equal(organization?.tier, 'trial');

      // Reloading the key page re-sends the used link: the key is not shown again.
      const reload = await followLink(client, mail.links[0]!);
      assert.equal(reload.res.status, 400);
      const again = await reload.res.text();
      assert.equal(apiKeyOn(again), null);
      assert.ok(!again.includes(apiKey!), 'the key appears nowhere');

      // The session is signed in: /api-account sends it to the keys.
      const home = await client.get('/api-account');
      assert.equal(home.status, 303);
      assert.equal(home.headers.get('location'), '/api-account/keys');
    });

    it('the e-mail and pages follow the page language (English)', async () => {
      const client = account.client();
      const { html, mail } = await requestSignUp(account, client, { company: 'Acme Ltd', email: 'en-user@example.com', lang: 'en' });
      assert.match(html, /<html lang="en">/);
      assert.match(html, /Check your inbox/);
      assert.equal(mail.subject, 'Confirm your e-mail address for Klartext');
      assert.match(mail.text, /wants to create a Klartext account with this address/);
      assert.equal(new URL(mail.links[0]!).searchParams.get('lang'), 'en');
      const { confirmPage, res } = await followLink(client, mail.links[0]!);
      assert.match(confirmPage, /Confirm and continue/);
      assert.match(await res.text(), /Your account is ready/);
    });

    it('sign-in → e-mail → session, and on to a `next` page of the account area', async () => {
      const org = await createOrg(account.server, { name: 'Signin GmbH' });
      await account.server.store.changePlan(org.organizationId, { tier: 'trial' });
      const email = 'ops@testfirma.example'; // createOrg's address
      const client = account.client();
      const { page, html, mail } = await requestSignIn(account, client, { email, next: '/api-account/usage' });
      assert.equal(page.status, 200);
      assert.match(html, /Bitte sehen Sie in Ihr Postfach/);
      assert.equal(mail.subject, 'Ihr Anmeldelink für Klartext');
      const link = mail.links.find((l) => l.includes('/api-account/confirm'));
      assert.ok(link);
      assert.equal(new URL(link).searchParams.get('next'), '/api-account/usage');

      const before = client.jar.get('kt_session');
      const { res } = await followLink(client, link);
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/api-account/usage');
      const after = client.jar.get('kt_session');
      assert.ok(after && after !== before, 'a new session id at sign-in');
      const home = await client.get('/api-account');
      assert.equal(home.headers.get('location'), '/api-account/keys');
    });

    it('an address with several organizations gets one link per organization, each signing into its own', async () => {
      const email = 'several@example.org';
      const created: string[] = [];
      for (const name of ['Erste GmbH', 'Zweite AG']) {
        const { createOrganization } = await import('../../../src/services/create-organization.js');
        const r = await createOrganization({ store: account.server.store, clock: account.server.clock, keyMode: 'live' }, { name, email });
        assert.ok(r.ok);
        created.push(r.value.organization.id);
      }
      const client = account.client({ 'accept-language': 'en' });
      const { mail } = await requestSignIn(account, client, { email, lang: 'en' });
      assert.match(mail.text, /several Klartext accounts/);
      assert.match(mail.text, /Erste GmbH:\n/);
      assert.match(mail.text, /Zweite AG:\n/);
      const links = mail.links.filter((l) => l.includes('/api-account/confirm'));
      assert.equal(links.length, 2);
      // The link under "Zweite AG" signs into Zweite AG.
      const second = /Zweite AG:\n(\S+)/.exec(mail.text)![1]!;
      const { res } = await followLink(client, second);
      assert.equal(res.status, 303);
      const cookie = client.jar.get('kt_session')!;
      const sessionId = decodeURIComponent(cookie).replace(/\.[^.]+$/, '');
      const session = await account.server.store.getAccountSession(sessionId, account.server.clock.now());
      assert.equal(JSON.parse(session!.data).organizationId, created[1]);
    });

    it('sign-up with an address that has an account: the same page, and a sign-in link by e-mail', async () => {
      const fresh = await requestSignUp(account, account.client(), { company: 'Neu GmbH', email: 'brand-new@example.net' });
      const existing = await createOrg(account.server, { name: 'Bestand GmbH' });
      const known = await requestSignUp(account, account.client(), { company: 'Bestand GmbH', email: 'ops@testfirma.example' });
      assert.equal(known.page.status, fresh.page.status);
      assert.equal(known.html, fresh.html, 'the page says nothing about the address');
      assert.equal(known.mail.subject, 'Sie haben schon ein Klartext-Konto');
      const client = account.client();
      const link = known.mail.links.find((l) => l.includes('/api-account/confirm'))!;
      const { res } = await followLink(client, link);
      assert.equal(res.status, 303, 'it signs in, no second organization');
      assert.equal(res.headers.get('location'), '/api-account/keys');
      const orgs = await account.server.store.findOrganizationsByEmail('ops@testfirma.example');
      assert.ok(orgs.some((o) => o.id === existing.organizationId));
      assert.ok(orgs.every((o) => o.name !== 'Bestand GmbH' || o.id === existing.organizationId));
    });

    it('two sign-up links for one address: the second signs into the organization the first created', async () => {
      const email = 'twice@example.com';
      const first = await requestSignUp(account, account.client(), { company: 'Twice One', email });
      const second = await requestSignUp(account, account.client(), { company: 'Twice Two', email });
      const a = await followLink(account.client(), first.mail.links[0]!);
      assert.ok(apiKeyOn(await a.res.text()));
      const b = await followLink(account.client(), second.mail.links[0]!);
      assert.equal(b.res.status, 303);
      assert.equal(b.res.headers.get('location'), '/api-account/keys');
      assert.equal((await account.server.store.findOrganizationsByEmail(email)).length, 1);
    });

    it('sign-out ends the session in the database; the old cookie no longer works', async () => {
      const client = account.client();
      const { mail } = await requestSignUp(account, client, { company: 'Abmelde GmbH', email: 'signout@example.com' });
      const { res } = await followLink(client, mail.links[0]!);
      const keyPage = await res.text();
      const oldJar = client.jar.clone();
      const csrf = /name="_csrf" value="([^"]+)"/.exec(keyPage)![1]!;
      const out = await client.post('/api-account/sign-out', { _csrf: csrf });
      assert.equal(out.status, 303);
      assert.equal(out.headers.get('location'), '/api-account/signed-out');
      assert.match(out.headers.getSetCookie().join('\n'), /kt_session=;.*Path=\/api-account/i);
      assert.equal(client.jar.get('kt_session'), undefined, 'the cookie is cleared');
      const page = await client.get('/api-account/signed-out');
      assert.match(await page.text(), /Sie sind abgemeldet/);

      const sessionId = decodeURIComponent(oldJar.get('kt_session')!).replace(/\.[^.]+$/, '');
      assert.equal(await account.server.store.getAccountSession(sessionId, account.server.clock.now()), null, 'deleted in the database');
      const home = await fetch(`${account.server.url}/api-account`, { headers: { cookie: oldJar.header() }, redirect: 'manual' });
      assert.equal(home.headers.get('location'), '/api-account/sign-in', 'the old cookie signs nobody in');
    });

    it('signed in, the sign-up and sign-in forms lead on to the account (sign-in to its `next`)', async () => {
      const client = account.client();
      const { mail } = await requestSignUp(account, client, { company: 'Schon Drin GmbH', email: 'already@example.com' });
      await followLink(client, mail.links[0]!);
      const up = await client.get('/api-account/sign-up');
      assert.equal(up.status, 303);
      assert.equal(up.headers.get('location'), '/api-account/keys');
      const inNext = await client.get('/api-account/sign-in?next=%2Fapi-account%2Fusage');
      assert.equal(inNext.status, 303);
      assert.equal(inNext.headers.get('location'), '/api-account/usage');
      const evil = await client.get('/api-account/sign-in?next=https%3A%2F%2Fevil.example%2F');
      assert.equal(evil.headers.get('location'), '/api-account/keys', 'still no open redirect');
      const anonymous = await account.client().get('/api-account/sign-in');
      assert.equal(anonymous.status, 200, 'without a session the form is shown');
    });

    it('GET /api-account without a session goes to sign-in', async () => {
      const res = await account.client().get('/api-account');
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/api-account/sign-in');
    });

    it('the forms are pages with a CSRF token, in both languages', async () => {
      for (const path of ['/api-account/sign-up', '/api-account/sign-in']) {
        for (const lang of ['de', 'en']) {
          const res = await account.client().get(`${path}?lang=${lang}`);
          assert.equal(res.status, 200);
          const html = await res.text();
          assert.match(html, new RegExp(`<html lang="${lang}">`));
          assert.match(html, /name="_csrf" value="[^"]+"/);
        }
      }
    });
  });
}
