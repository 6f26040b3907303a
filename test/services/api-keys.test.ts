/** src/services/verify-api-key.ts + src/services/manage-keys.ts on a real store. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateApiKey, hashApiKey } from '../../src/domain/api-key-format.js';
import { SCOPES } from '../../src/domain/scopes.js';
import { issueApiKey, revokeApiKey } from '../../src/services/manage-keys.js';
import { LAST_USED_RESOLUTION_MS, verifyApiKey } from '../../src/services/verify-api-key.js';
import { backends } from '../support/databases.js';
import { manualClock, newOrg, useStore } from './helpers.js';

const SECOND = 1000;

for (const kind of backends()) {
  describe(`API keys on ${kind}`, () => {
    const ctx = useStore(kind);

    async function setup() {
      const clock = manualClock('2026-03-01T09:00:00.000Z');
      const deps = { store: ctx.store, clock, keyMode: 'live' as const };
      const { organization, key } = await newOrg(ctx.store, clock);
      return { clock, deps, organization, key };
    }

    const lastUsed = async (orgId: string, keyId: string) =>
      (await ctx.store.listApiKeys(orgId)).find((k) => k.id === keyId)?.lastUsedAt?.toISOString() ?? null;

    it('the first key of a new organization carries every scope and verifies', async () => {
      const { deps, organization, key } = await setup();
      assert.deepEqual([...key.record.scopes].sort(), [...SCOPES].sort());
      const v = await verifyApiKey(deps, `Bearer ${key.apiKey}`);
      assert.ok(v.ok);
      assert.equal(v.key.id, key.record.id);
      assert.equal(v.organization.id, organization.id);
    });

    it('issueApiKey: scopes, name and display prefix are stored; the full key and its hash never are listed', async () => {
      const { deps, organization } = await setup();
      const r = await issueApiKey(deps, { organizationId: organization.id, name: '  CI pipeline ', scopes: ['usage:read'] });
      assert.ok(r.ok);
      assert.match(r.value.apiKey, /^kt_live_[0-9A-Za-z]{32}$/);
      assert.match(r.value.record.id, /^key_/);
      assert.equal(r.value.record.name, 'CI pipeline');
      assert.deepEqual(r.value.record.scopes, ['usage:read']);
      assert.ok(r.value.apiKey.startsWith(r.value.record.prefix));
      const listed = (await ctx.store.listApiKeys(organization.id)).find((k) => k.id === r.value.record.id);
      assert.ok(listed);
      const serialized = JSON.stringify(listed);
      assert.ok(!serialized.includes(r.value.apiKey), 'full key in the listing');
      assert.ok(!serialized.includes(hashApiKey(r.value.apiKey)), 'hash in the listing');
      const v = await verifyApiKey(deps, `Bearer ${r.value.apiKey}`);
      assert.ok(v.ok);
      assert.deepEqual(v.key.scopes, ['usage:read']);
    });

    it('test-mode keys are kt_test_', async () => {
      const { deps, organization } = await setup();
      const r = await issueApiKey({ ...deps, keyMode: 'test' }, { organizationId: organization.id });
      assert.ok(r.ok);
      assert.match(r.value.apiKey, /^kt_test_/);
      assert.equal(r.value.record.mode, 'test');
      assert.ok((await verifyApiKey(deps, `Bearer ${r.value.apiKey}`)).ok);
    });

    it('issueApiKey for an unknown organization is not_found', async () => {
      const { deps } = await setup();
      const r = await issueApiKey(deps, { organizationId: 'org_unknown00000000000' });
      assert.equal(r.ok, false);
      if (!r.ok) assert.equal(r.error.code, 'not_found');
    });

    it('missing: no header, empty header, another scheme', async () => {
      const { deps, key } = await setup();
      for (const header of [undefined, '', 'Bearer', `Basic ${Buffer.from(`user:${key.apiKey}`).toString('base64')}`, key.apiKey]) {
        assert.deepEqual(await verifyApiKey(deps, header), { ok: false, reason: 'missing' }, String(header));
      }
    });

    it('unknown: malformed tokens and well-formed keys that were never issued', async () => {
      const { deps, key } = await setup();
      for (const token of ['abc', key.apiKey.slice(0, -1), `${key.apiKey}x`, key.apiKey.replace('kt_live_', 'kt_prod_'), generateApiKey('live')]) {
        assert.deepEqual(await verifyApiKey(deps, `Bearer ${token}`), { ok: false, reason: 'unknown' }, token);
      }
    });

    it('unknown: a key differing from a real one in case only', async () => {
      const { deps, key } = await setup();
      const secret = key.apiKey.slice(8);
      const flipped = [...secret].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
      if (flipped === secret) return; // all digits: nothing to flip (p ≈ 1e-13)
      assert.deepEqual(await verifyApiKey(deps, `Bearer kt_live_${flipped}`), { ok: false, reason: 'unknown' });
    });

    it('revoked: immediately after revokeApiKey, other keys of the organization keep working', async () => {
      const { clock, deps, organization, key } = await setup();
      const second = await issueApiKey(deps, { organizationId: organization.id });
      assert.ok(second.ok);
      assert.ok((await verifyApiKey(deps, `Bearer ${key.apiKey}`)).ok);
      const r = await revokeApiKey(deps, key.record.id);
      assert.ok(r.ok);
      assert.deepEqual(await verifyApiKey(deps, `Bearer ${key.apiKey}`), { ok: false, reason: 'revoked' });
      assert.ok((await verifyApiKey(deps, `Bearer ${second.value.apiKey}`)).ok);
      const listed = (await ctx.store.listApiKeys(organization.id)).find((k) => k.id === key.record.id);
      assert.equal(listed?.revokedAt?.toISOString(), clock.now().toISOString());
    });

    it('revoking twice keeps the first revocation time; an unknown key is not_found', async () => {
      const { clock, deps, organization, key } = await setup();
      const firstAt = clock.now().toISOString();
      assert.ok((await revokeApiKey(deps, key.record.id)).ok);
      clock.advance(3600 * SECOND);
      const again = await revokeApiKey(deps, key.record.id);
      assert.ok(again.ok);
      const listed = (await ctx.store.listApiKeys(organization.id)).find((k) => k.id === key.record.id);
      assert.equal(listed?.revokedAt?.toISOString(), firstAt);
      const unknown = await revokeApiKey(deps, 'key_doesnotexist000000');
      assert.equal(unknown.ok, false);
      if (!unknown.ok) assert.equal(unknown.error.code, 'not_found');
    });

    it('a revoked key is revoked for another store instance on the same database at once', async () => {
      const { openStore } = await import('../../src/adapters/store/open-store.js');
      const { clock, deps, key } = await setup();
      const other = await openStore(ctx.db.url);
      try {
        const otherDeps = { store: other, clock };
        assert.ok((await verifyApiKey(otherDeps, `Bearer ${key.apiKey}`)).ok);
        await revokeApiKey(deps, key.record.id);
        assert.deepEqual(await verifyApiKey(otherDeps, `Bearer ${key.apiKey}`), { ok: false, reason: 'revoked' });
      } finally {
        await other.close();
      }
    });

    it('last_used_at is written on first use, then at most once per minute', async () => {
      const { clock, deps, organization, key } = await setup();
      const t0 = clock.now().toISOString();
      assert.equal(await lastUsed(organization.id, key.record.id), null, 'never used yet');
      assert.ok((await verifyApiKey(deps, `Bearer ${key.apiKey}`)).ok);
      assert.equal(await lastUsed(organization.id, key.record.id), t0);

      for (const step of [1, 10, 30, 59]) {
        clock.set(new Date(new Date(t0).getTime() + step * SECOND));
        assert.ok((await verifyApiKey(deps, `Bearer ${key.apiKey}`)).ok);
        assert.equal(await lastUsed(organization.id, key.record.id), t0, `rewritten after ${step}s`);
      }

      clock.set(new Date(new Date(t0).getTime() + LAST_USED_RESOLUTION_MS + SECOND)); // 61 s later
      const t1 = clock.now().toISOString();
      assert.ok((await verifyApiKey(deps, `Bearer ${key.apiKey}`)).ok);
      assert.equal(await lastUsed(organization.id, key.record.id), t1, 'updated after more than a minute');

      clock.advance(30 * SECOND);
      assert.ok((await verifyApiKey(deps, `Bearer ${key.apiKey}`)).ok);
      assert.equal(await lastUsed(organization.id, key.record.id), t1);
    });

    it('last_used_at: a burst of 40 concurrent verifications writes one value', async () => {
      const { clock, deps, organization, key } = await setup();
      const results = await Promise.all(Array.from({ length: 40 }, () => verifyApiKey(deps, `Bearer ${key.apiKey}`)));
      assert.ok(results.every((r) => r.ok));
      assert.equal(await lastUsed(organization.id, key.record.id), clock.now().toISOString());
    });

    it('a revoked key does not update last_used_at', async () => {
      const { clock, deps, organization, key } = await setup();
      await revokeApiKey(deps, key.record.id);
      clock.advance(5 * 60 * SECOND);
      await verifyApiKey(deps, `Bearer ${key.apiKey}`);
      assert.equal(await lastUsed(organization.id, key.record.id), null);
    });
  });
}
