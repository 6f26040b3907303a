import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiKeyOn, followLink, requestSignUp, startAccountServer, type AccountServer } from '../../support/account.js';
import { backends } from '../../support/databases.js';
import { closeSharedReader } from '../../support/server.js';

/**
 * Issue 19, finding 5: the company name of the sign-up form went into the confirmation mail,
 * line breaks and links included, to any address anyone typed: our mail server delivering
 * someone else's text ("Ihr Konto wurde gesperrt: https://…"). The confirmation mail carries no
 * text from the form, and a stored name has no control characters.
 */
for (const backend of backends()) {
  describe(`the company name of the sign-up form (${backend})`, () => {
    let account: AccountServer;
    before(async () => {
      account = await startAccountServer(backend);
    });
    after(async () => {
      await account.close();
      await closeSharedReader();
    });

    const hostile = 'Evil GmbH\r\n\r\nIhr Konto wurde gesperrt, bitte hier anmelden: https://evil.example/login\u0000\u0007 <a href="https://evil.example">x</a>\u2028www.evil.example';

    it('never reaches the confirmation mail, in neither part', async () => {
      const client = account.client();
      const { page, mail } = await requestSignUp(account, client, { company: hostile, email: 'mail-target@example.com' });
      assert.equal(page.status, 200);
      for (const part of [mail.text, mail.html]) {
        assert.ok(!part.includes('evil.example'), 'no link of the form in the mail');
        assert.ok(!part.includes('Evil GmbH'), 'no text of the form in the mail');
        assert.ok(!part.includes('gesperrt'));
      }
      assert.equal(mail.links.length, 1, 'the one link is ours');
      assert.equal(new URL(mail.links[0]!).origin, account.server.url);
      assert.equal((mail.html.match(/<a /g) ?? []).length, 1);
    });

    it('is stored and shown on one line without control characters, escaped, never as a link', async () => {
      const client = account.client();
      const { mail } = await requestSignUp(account, client, { company: hostile, email: 'name-target@example.com' });
      const { res } = await followLink(client, mail.links[0]!);
      const page = await res.text();
      assert.ok(apiKeyOn(page));
      const [organization] = await account.server.store.findOrganizationsByEmail('name-target@example.com');
      assert.equal(
        organization!.name,
        'Evil GmbH Ihr Konto wurde gesperrt, bitte hier anmelden: https://evil.example/login <a href="https://evil.example">x</a> www.evil.example',
      );
      assert.doesNotMatch(organization!.name, /[\p{Cc}\p{Cf}\u2028\u2029]/u);
      assert.ok(!page.includes('href="https://evil.example'), 'the name is no link on the page');
      assert.ok(page.includes('&lt;a href=&quot;https://evil.example&quot;&gt;') || page.includes('&lt;a href='), 'markup in the name is text');
    });

    it('a name that is only control characters and spaces is a form error', async () => {
      const res = await account.client().submit('/api-account/sign-up', '/api-account/sign-up', { company: '\r\n\u0000\t \u200b', email: 'blank-name@example.com' });
      assert.equal(res.status, 400);
      assert.match(await res.text(), /aria-invalid="true"/);
    });
  });
}
