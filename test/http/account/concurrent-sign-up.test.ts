import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiKeyOn, requestSignUp, startAccountServer, type AccountServer } from '../../support/account.js';
import type { PageClient } from '../../support/cookie-jar.js';
import { backends } from '../../support/databases.js';
import { closeSharedReader } from '../../support/server.js';

/** The session id inside a kt_session cookie value (`<id>.<signature>`, URL-encoded). */
function sessionIdOf(cookie: string): string {
  return decodeURIComponent(cookie).replace(/\.[^.]+$/, '');
}

/** The fields of a confirmation page's form (the CSRF token and the link's token). */
async function openLink(client: PageClient, link: string): Promise<Record<string, string>> {
  const html = await (await client.get(link)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  return { _csrf: field('_csrf'), token: field('token') };
}

/**
 * Issue 19, finding 3: sign-up links of one address confirmed at the same moment made one
 * organization each on PostgreSQL (each with its own 50 trial calls). One address gets one
 * self-service organization; the other links sign in to it.
 */
for (const backend of backends()) {
  describe(`sign-up links confirmed at the same moment (${backend})`, () => {
    let account: AccountServer;
    before(async () => {
      account = await startAccountServer(backend);
    });
    after(async () => {
      await account.close();
      await closeSharedReader();
    });

    for (let round = 1; round <= 3; round++) {
      it(`make exactly one organization; the other links sign in to it (round ${round})`, async () => {
        const email = `race-${round}@example.com`;
        const clients = [account.client(), account.client(), account.client()];
        const links: string[] = [];
        // 3 links: the per-address limit allows 3 per hour.
        for (const [i, client] of clients.entries()) {
          links.push((await requestSignUp(account, client, { company: `Race ${round}.${i}`, email })).mail.links[0]!);
        }
        const forms = await Promise.all(clients.map((client, i) => openLink(client, links[i]!)));

        const answers = await Promise.all(clients.map((client, i) => client.post('/api-account/confirm', forms[i]!)));

        const organizations = await account.server.store.findOrganizationsByEmail(email);
        assert.equal(organizations.length, 1, 'one organization for the address');
        const [organization] = organizations;
        const created = [];
        for (const res of answers) {
          if (res.status === 200) {
            assert.ok(apiKeyOn(await res.text()), 'the winner sees its first key');
            created.push(res);
          } else {
            assert.equal(res.status, 303);
            assert.equal(res.headers.get('location'), '/api-account/keys');
          }
        }
        assert.equal(created.length, 1, 'exactly one confirmation created it');
        assert.equal((await account.server.store.listApiKeys(organization!.id)).length, 1, 'with one first key');
        for (const client of clients) {
          const record = await account.server.store.getAccountSession(sessionIdOf(client.jar.get('kt_session')!), account.server.clock.now());
          assert.equal((JSON.parse(record!.data) as { organizationId: string }).organizationId, organization!.id, 'every session is signed in to it');
        }
      });
    }
  });
}
