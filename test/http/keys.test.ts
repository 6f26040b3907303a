import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { revokeApiKey } from '../../src/services/manage-keys.js';
import { backends } from '../support/databases.js';
import { addKey, closeSharedReader, createOrg, errorOf, getJson, startServer } from '../support/server.js';

after(closeSharedReader);

for (const backend of backends()) {
  describe(`API keys (${backend})`, () => {
    test('revocation is effective on the very next request, on this and on a second instance', async () => {
      const a = await startServer({ backend });
      const b = await startServer({ db: a.db });
      try {
        const org = await createOrg(a);
        const spare = await addKey(a, org.organizationId, ['usage:read']);
        for (const server of [a, b]) assert.equal((await getJson(server.url, '/api/v1/usage', spare.apiKey)).status, 200);

        const revoked = await revokeApiKey({ store: b.store, clock: b.clock }, spare.keyId);
        assert.ok(revoked.ok);
        for (const server of [a, b]) {
          const res = await getJson(server.url, '/api/v1/usage', spare.apiKey);
          assert.equal(res.status, 401);
          assert.equal((await errorOf(res)).code, 'revoked_api_key');
        }
        // The organization's other keys keep working.
        assert.equal((await getJson(a.url, '/api/v1/usage', org.apiKey)).status, 200);
      } finally {
        await b.close();
        await a.close();
      }
    });

    test('keys are stored as hashes with a display prefix, never in full', async () => {
      const server = await startServer({ backend });
      try {
        const org = await createOrg(server);
        assert.match(org.apiKey, /^kt_live_[0-9A-Za-z]{32}$/);
        const keys = await server.store.listApiKeys(org.organizationId);
        assert.equal(keys.length, 1);
        assert.equal(keys[0]!.prefix, org.apiKey.slice(0, 12));
        assert.ok(!JSON.stringify(keys).includes(org.apiKey));
        // Many keys per organization, each usable.
        const more = await Promise.all([1, 2, 3].map(() => addKey(server, org.organizationId, ['usage:read'])));
        for (const k of more) assert.equal((await getJson(server.url, '/api/v1/usage', k.apiKey)).status, 200);
        assert.equal((await server.store.listApiKeys(org.organizationId)).length, 4);
      } finally {
        await server.close();
      }
    });
  });
}
