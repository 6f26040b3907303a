import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely } from 'kysely';
import { createDialect, parseDatabaseUrl } from '../../../src/adapters/store/dialect.js';
import type { Database } from '../../../src/adapters/store/schema.js';
import { apiKeyOn, followLink, nextIp, requestSignUp, startAccountServer, type AccountServer } from '../../support/account.js';
import { PageClient, csrfTokenOf } from '../../support/cookie-jar.js';
import { backends } from '../../support/databases.js';
import { closeSharedReader } from '../../support/server.js';

/**
 * Issue 19, finding 1: every GET of the sign-up page without a cookie wrote a 7-day session
 * row (to hold the form's CSRF secret): 77,259 rows in 30 s from one client. Anonymous pages
 * write nothing; the CSRF secret of a visitor lives in a signed cookie (double submit), and a
 * session row is written at sign-in only.
 */
for (const backend of backends()) {
  describe(`anonymous visitors get no session (${backend})`, () => {
    let account: AccountServer;
    let db: Kysely<Database>;
    const sessionRows = async () => Number((await db.selectFrom('account_sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    before(async () => {
      account = await startAccountServer(backend);
      db = new Kysely<Database>({ dialect: createDialect(parseDatabaseUrl(account.server.db.url)) });
    });
    after(async () => {
      await db?.destroy();
      await account.close();
      await closeSharedReader();
    });

    it('GETs of the form pages without a cookie write no session row and set no session cookie', async () => {
      const token = 'A'.repeat(43);
      for (let i = 0; i < 25; i++) {
        for (const path of ['/api-account/sign-up', '/api-account/sign-in', `/api-account/confirm?token=${token}`]) {
          const res = await fetch(`${account.server.url}${path}`, { headers: { 'x-forwarded-for': nextIp() } });
          assert.equal(res.status, 200, path);
          csrfTokenOf(await res.text()); // the form still has its token
          assert.ok(!res.headers.getSetCookie().some((c) => c.startsWith('kt_session=')), `${path} sets no session cookie`);
        }
      }
      assert.equal(await sessionRows(), 0);
    });

    it('the sign-up POST works without a session, and only the sign-in writes one', async () => {
      const client = account.client();
      const { page, mail } = await requestSignUp(account, client, { company: 'Ohne Sitzung GmbH', email: 'no-session@example.com' });
      assert.equal(page.status, 200);
      assert.equal(await sessionRows(), 0, 'asking for a link keeps nothing');
      const { res } = await followLink(client, mail.links[0]!);
      assert.ok(apiKeyOn(await res.text()));
      assert.equal(await sessionRows(), 1, 'signing in does');
    });

    it('a POST without the token, or with a token but without the cookie it belongs to, is refused', async () => {
      const visitor = account.client();
      const html = await (await visitor.get('/api-account/sign-up')).text();
      const token = csrfTokenOf(html);
      const fields = { company: 'Fremd GmbH', email: 'forged@example.com' };
      const noToken = await visitor.post('/api-account/sign-up', fields);
      assert.equal(noToken.status, 403);
      assert.match(await noToken.text(), /Formular abgelaufen/);
      // A cross-site form: the attacker's own token, posted from a browser without its cookie.
      const victim = new PageClient(account.server.url, undefined, { 'x-forwarded-for': nextIp() });
      assert.equal((await victim.post('/api-account/sign-up', { ...fields, _csrf: token })).status, 403);
      // Another visitor's cookie does not fit this token either.
      const other = account.client();
      await other.get('/api-account/sign-up');
      assert.equal((await other.post('/api-account/sign-up', { ...fields, _csrf: token })).status, 403);
      // The cookie is signed: a secret of the attacker's choosing is no secret.
      const forgedCookie = new PageClient(account.server.url, undefined, { 'x-forwarded-for': nextIp() });
      forgedCookie.jar.set('kt_csrf', 'attacker-chosen-secret');
      await forgedCookie.get('/api-account/sign-up');
      assert.notEqual(forgedCookie.jar.get('kt_csrf'), 'attacker-chosen-secret', 'an unsigned secret is replaced');
      // And the proper pair works.
      assert.equal((await visitor.post('/api-account/sign-up', { ...fields, _csrf: token })).status, 200);
      assert.equal(await sessionRows(), 1, 'still only the signed-in session of the test before');
    });
  });
}
