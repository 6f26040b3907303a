import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAccountServer, type AccountServer } from '../../support/account.js';
import { backends } from '../../support/databases.js';
import { closeSharedReader } from '../../support/server.js';

/**
 * Issue 19, finding 2: the per-address limit counted the text of the field, while the mailer
 * sent `a<victim@x>`, `b<victim@x>`, `victim@x(c)`, `"x"<victim@x>` all to one inbox — 10 mails in
 * 2.2 s. The forms take a bare address only, and the limit counts the mailbox.
 */
for (const backend of backends()) {
  describe(`e-mail addresses of the sign-up and sign-in forms (${backend})`, () => {
    let account: AccountServer;
    before(async () => {
      account = await startAccountServer(backend);
      // The start of an hour: the per-address window does not end during the test.
      account.server.clock.set(new Date(Math.ceil(account.server.clock.now().getTime() / 3_600_000) * 3_600_000));
    });
    after(async () => {
      await account.close();
      await closeSharedReader();
    });

    const notBare = [
      'a<victim@example.com>',
      'b <victim@example.com>',
      '"x"<victim@example.com>',
      'victim@example.com(c)',
      'victim@example.com (c)',
      '<victim@example.com>',
      'victim@example.com, other@example.com',
      'victim@example.com,',
      'group: victim@example.com;',
      '"vic tim"@example.com',
      'victim@example.com\r\nBcc: other@example.com',
      'vic\u200btim@example.com',
    ];

    it('a display name, comment, group, list or quoted local part is a form error, on both forms, and sends nothing', async () => {
      for (const email of notBare) {
        const signUp = await account.client().submit('/api-account/sign-up', '/api-account/sign-up', { company: 'Probe GmbH', email });
        assert.equal(signUp.status, 400, `sign-up ${JSON.stringify(email)}`);
        assert.match(await signUp.text(), /aria-invalid="true"/);
        const signIn = await account.client().submit('/api-account/sign-in', '/api-account/sign-in', { email });
        assert.equal(signIn.status, 400, `sign-in ${JSON.stringify(email)}`);
      }
      // A bare address still passes, so nothing above was refused for being an address at all.
      const bare = await account.client().submit('/api-account/sign-up', '/api-account/sign-up', { company: 'Probe GmbH', email: 'bare@example.com' });
      assert.equal(bare.status, 200);
      await account.sink.waitFor((m) => m.to.includes('bare@example.com'));
      assert.equal(account.sink.messages.filter((m) => m.to.some((to) => to.includes('victim') || to.includes('other@'))).length, 0);
    });

    it('spellings of one mailbox share its limit of 3 links an hour', async () => {
      const spellings = ['victim@example.org', 'Victim@Example.ORG', ' victim+1@example.org ', 'vic.tim@example.org', 'victim+x@EXAMPLE.org'];
      const statuses = [];
      for (const email of spellings) {
        const res = await account.client().submit('/api-account/sign-up', '/api-account/sign-up', { company: 'Probe GmbH', email });
        statuses.push(res.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
      const signIn = await account.client().submit('/api-account/sign-in', '/api-account/sign-in', { email: 'VICTIM+2@example.org' });
      assert.equal(signIn.status, 429, 'sign-in counts against the same mailbox');
      // The accepted ones were sent to the address as written, lower-cased (not rewritten).
      const first = await account.sink.waitFor((m) => m.to.includes('victim@example.org'));
      assert.deepEqual(first.to, ['victim@example.org']);
    });
  });
}
