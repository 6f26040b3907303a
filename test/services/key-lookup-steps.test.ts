/**
 * verifyApiKey does the same steps for every presented token, so response timing does not tell
 * a malformed, unknown or revoked key apart (issue 10): one lookup by the SHA-256 of the whole
 * token, then nothing more unless the key is valid. The store is the real one; a recorder
 * in front of it notes which of its methods are called, with what.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateApiKey, hashApiKey } from '../../src/domain/api-key-format.js';
import type { Store } from '../../src/ports/store.js';
import { revokeApiKey } from '../../src/services/manage-keys.js';
import { verifyApiKey } from '../../src/services/verify-api-key.js';
import { backends } from '../support/databases.js';
import { manualClock, newOrg, useStore } from './helpers.js';

/** The real store, with every method call recorded as [name, first argument]. */
function recording(store: Store): { store: Store; calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push([String(prop), args[0]]);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, calls };
}

for (const kind of backends()) {
  describe(`API key lookup steps on ${kind}`, () => {
    const ctx = useStore(kind);

    async function setup() {
      const clock = manualClock('2026-03-01T09:00:00.000Z');
      const { key } = await newOrg(ctx.store, clock);
      const gone = (await newOrg(ctx.store, clock)).key;
      const r = await revokeApiKey({ store: ctx.store, clock }, gone.record.id);
      assert.ok(r.ok);
      return { clock, valid: key.apiKey, revoked: gone.apiKey };
    }

    it('malformed, unknown and revoked tokens each cost exactly one lookup by the hash of the whole token', async () => {
      const { clock, revoked } = await setup();
      const tokens = {
        malformed: 'kt_live_tooShort',
        'wrong prefix': `kt_prod_${generateApiKey('live').slice('kt_live_'.length)}`,
        'one character too many': `${generateApiKey('live')}x`,
        unknown: generateApiKey('live'),
        revoked,
      };
      const expected = { malformed: 'unknown', 'wrong prefix': 'unknown', 'one character too many': 'unknown', unknown: 'unknown', revoked: 'revoked' };
      for (const [name, token] of Object.entries(tokens)) {
        const rec = recording(ctx.store);
        const v = await verifyApiKey({ store: rec.store, clock }, `Bearer ${token}`);
        assert.deepEqual(v, { ok: false, reason: expected[name as keyof typeof expected] }, name);
        assert.deepEqual(rec.calls, [['findApiKeyByHash', hashApiKey(token)]], `${name}: the store steps`);
      }
    });

    it('a valid key is looked up the same way, then touched', async () => {
      const { clock, valid } = await setup();
      const rec = recording(ctx.store);
      const v = await verifyApiKey({ store: rec.store, clock }, `Bearer ${valid}`);
      assert.ok(v.ok);
      assert.deepEqual(
        rec.calls.map(([name]) => name),
        ['findApiKeyByHash', 'touchApiKey'],
      );
      assert.equal(rec.calls[0]![1], hashApiKey(valid));
    });

    it('a missing or non-Bearer header is refused without touching the store', async () => {
      const { clock } = await setup();
      for (const header of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer']) {
        const rec = recording(ctx.store);
        assert.deepEqual(await verifyApiKey({ store: rec.store, clock }, header), { ok: false, reason: 'missing' });
        assert.deepEqual(rec.calls, []);
      }
    });
  });
}
