/**
 * Store contract, run against real databases only: a temp SQLite file always, and PostgreSQL
 * when TEST_DATABASE_URL is set (a fresh database per run, dropped at the end).
 *
 *   node --import tsx --test test/adapters/store.test.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx --test test/adapters/store.test.ts
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kysely, Migrator } from 'kysely';
import pg from 'pg';
import { newId, randomBase62 } from '../../src/domain/random-id.js';
import type { Clock } from '../../src/ports/clock.js';
import type { Store, UsageCounterKey } from '../../src/ports/store.js';
import { createDialect, parseDatabaseUrl } from '../../src/adapters/store/dialect.js';
import { migrationProvider } from '../../src/adapters/store/migrations/index.js';
import { openStore } from '../../src/adapters/store/open-store.js';
import type { Database } from '../../src/adapters/store/schema.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Backend {
  /** URL of a database that nothing has migrated yet. */
  url: string;
  /** Whether concurrent migration is exercised in-process (PG) or across processes (SQLite). */
  kind: 'sqlite' | 'postgres';
  teardown(): Promise<void>;
}

async function sqliteBackend(): Promise<Backend> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klartext-store-'));
  // A nested, not yet existing folder: openStore must create it.
  const file = path.join(dir, 'nested', 'data', 'klartext.db');
  return { url: `sqlite:${file}`, kind: 'sqlite', teardown: () => rm(dir, { recursive: true, force: true }) };
}

async function postgresBackend(adminUrl: string): Promise<Backend> {
  const name = `klartext_test_${randomBase62(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'postgres',
    async teardown() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const at = (iso: string) => new Date(iso);

/** A clock the test moves by hand, for the store's updated_at stamps. */
function settableClock(start: string): Clock & { set(iso: string): void; advance(ms: number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (iso) => {
      current = new Date(iso).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** A Kysely of its own on the database, to read and write rows the Store port does not expose. */
function rawDb<T = Database>(url: string): Kysely<T> {
  return new Kysely<T>({ dialect: createDialect(parseDatabaseUrl(url)) });
}

function storeContract(label: string, makeBackend: () => Promise<Backend>): void {
  describe(`Store contract on ${label}`, () => {
    let backend: Backend;
    let store: Store;
    /** A second store on the same database: another instance of the service. */
    let other: Store;

    before(async () => {
      backend = await makeBackend();
      if (backend.kind === 'postgres') {
        // Two instances start at once on an empty database: Kysely's advisory lock serializes them.
        store = await openStore(backend.url);
        other = await openStore(backend.url);
        await Promise.all([store.migrate(), other.migrate()]);
      } else {
        // SQLite's file lock is per process (and better-sqlite3 blocks its thread while waiting),
        // so two instances are two child processes migrating the same file at once.
        await Promise.all([migrateInChild(backend.url), migrateInChild(backend.url)]);
        store = await openStore(backend.url);
        other = await openStore(backend.url);
      }
    });

    after(async () => {
      await store?.close();
      await other?.close();
      await backend?.teardown();
    });

    async function newOrg(name = 'Muster GmbH') {
      return store.createOrganization({
        id: newId('org'),
        name,
        email: 'ops@muster.example',
        tier: 'trial',
        createdAt: at('2025-03-04T05:06:07.089Z'),
      });
    }

    async function newKey(organizationId: string, createdAt = at('2025-03-05T10:00:00.001Z')) {
      const hash = randomBase62(64);
      const key = await store.createApiKey({
        id: newId('key'),
        organizationId,
        name: 'Produktion',
        prefix: 'kt_live_Ab3x',
        hash,
        mode: 'live',
        scopes: ['analyze:write', 'usage:read'],
        createdAt,
      });
      hashes.set(key.id, hash);
      return key;
    }

    describe('migrations', () => {
      it('applied the schema once, and migrating again changes nothing', async () => {
        await store.migrate();
        await other.migrate();
        await store.ping();
        const org = await newOrg();
        assert.equal((await store.getOrganization(org.id))?.id, org.id);
      });
    });

    describe('organizations', () => {
      it('creates and reads back an organization with exact milliseconds', async () => {
        const org = await newOrg();
        assert.equal(org.tier, 'trial');
        assert.equal(org.createdAt.toISOString(), '2025-03-04T05:06:07.089Z');
        assert.equal(org.periodAnchor.toISOString(), '2025-03-04T05:06:07.089Z');
        const read = await other.getOrganization(org.id);
        assert.deepEqual(read, org);
        assert.deepEqual(read, {
          id: org.id,
          name: 'Muster GmbH',
          email: 'ops@muster.example',
          tier: 'trial',
          createdAt: at('2025-03-04T05:06:07.089Z'),
          periodAnchor: at('2025-03-04T05:06:07.089Z'),
          includedCallsOverride: null,
          overageCentsOverride: null,
          rateLimitOverride: null,
          billingCustomerId: null,
          billingSubscriptionId: null,
          planVersion: 0,
        });
        assert.equal(await store.getOrganization('org_missing'), null);
      });

      it('changes the plan: given fields change, omitted ones stay, null clears', async () => {
        const org = await newOrg();
        const customer = `cus_${randomBase62(14)}`;
        const upgraded = await store.changePlan(org.id, {
          tier: 'enterprise',
          periodAnchor: at('2025-04-01T00:00:00.123Z'),
          includedCallsOverride: 20000,
          overageCentsOverride: 12,
          rateLimitOverride: 900,
          billingCustomerId: customer,
          billingSubscriptionId: 'sub_1',
        });
        assert.ok(upgraded);
        assert.equal(upgraded.tier, 'enterprise');
        assert.equal(upgraded.periodAnchor.toISOString(), '2025-04-01T00:00:00.123Z');
        assert.equal(upgraded.includedCallsOverride, 20000);
        assert.equal(upgraded.overageCentsOverride, 12);
        assert.equal(upgraded.rateLimitOverride, 900);
        assert.equal(upgraded.billingCustomerId, customer);
        assert.equal(upgraded.billingSubscriptionId, 'sub_1');
        assert.equal(upgraded.createdAt.toISOString(), '2025-03-04T05:06:07.089Z');

        const partly = await store.changePlan(org.id, { tier: 'pro', rateLimitOverride: null });
        assert.ok(partly);
        assert.equal(partly.tier, 'pro');
        assert.equal(partly.rateLimitOverride, null);
        assert.equal(partly.includedCallsOverride, 20000);
        assert.equal(partly.overageCentsOverride, 12);
        assert.equal(partly.periodAnchor.toISOString(), '2025-04-01T00:00:00.123Z');
        assert.equal(partly.billingCustomerId, customer);
        assert.deepEqual(await store.getOrganization(org.id), partly);

        assert.deepEqual(await store.findOrganizationByBillingCustomer(customer), partly);
        assert.equal(await store.findOrganizationByBillingCustomer('cus_unknown'), null);
        assert.equal(await store.changePlan('org_missing', { tier: 'pro' }), null);
      });

      it('keeps billing customer ids unique while allowing many organizations without one', async () => {
        const a = await newOrg('A');
        const b = await newOrg('B');
        await newOrg('C'); // a third without customer id: NULLs do not collide
        const customer = `cus_${randomBase62(14)}`;
        await store.changePlan(a.id, { tier: 'starter', billingCustomerId: customer });
        await assert.rejects(store.changePlan(b.id, { tier: 'starter', billingCustomerId: customer }));
      });
    });

    describe('API keys', () => {
      it('creates a key and finds it by hash together with its organization', async () => {
        const org = await newOrg();
        const key = await newKey(org.id);
        assert.deepEqual(key.scopes, ['analyze:write', 'usage:read']);
        assert.equal(key.mode, 'live');
        assert.equal(key.revokedAt, null);
        assert.equal(key.lastUsedAt, null);
        assert.equal(key.createdAt.toISOString(), '2025-03-05T10:00:00.001Z');
        assert.equal('hash' in key, false, 'the record does not carry the hash around');

        const stored = await store.listApiKeys(org.id);
        const found = await other.findApiKeyByHash(hashOf(key.id));
        assert.ok(found);
        assert.deepEqual(found.key, key);
        assert.deepEqual(found.organization, await store.getOrganization(org.id));
        assert.deepEqual(stored, [key]);
        assert.equal(await store.findApiKeyByHash('0'.repeat(64)), null);
      });

      it('rejects a duplicate hash and a key for an unknown organization', async () => {
        const org = await newOrg();
        const hash = randomBase62(64);
        const base = { organizationId: org.id, name: 'n', prefix: 'kt_live_x', mode: 'live' as const, scopes: [], createdAt: new Date() };
        await store.createApiKey({ ...base, id: newId('key'), hash });
        await assert.rejects(store.createApiKey({ ...base, id: newId('key'), hash }));
        await assert.rejects(store.createApiKey({ ...base, id: newId('key'), hash: randomBase62(64), organizationId: 'org_missing' }));
      });

      it('lists only the organization’s keys, oldest first', async () => {
        const org = await newOrg();
        const stranger = await newOrg('Fremd AG');
        const second = await newKey(org.id, at('2025-03-06T00:00:00.000Z'));
        const first = await newKey(org.id, at('2025-03-01T00:00:00.000Z'));
        await newKey(stranger.id);
        assert.deepEqual(
          (await store.listApiKeys(org.id)).map((k) => k.id),
          [first.id, second.id],
        );
        assert.deepEqual(await store.listApiKeys('org_missing'), []);
      });

      it('revokes once: the second revocation keeps the first time; unknown keys say false', async () => {
        const org = await newOrg();
        const key = await newKey(org.id);
        assert.equal(await store.revokeApiKey(key.id, at('2025-05-01T12:00:00.555Z')), true);
        assert.equal(await other.revokeApiKey(key.id, at('2025-06-01T12:00:00.000Z')), true);
        const [listed] = await store.listApiKeys(org.id);
        assert.equal(listed?.revokedAt?.toISOString(), '2025-05-01T12:00:00.555Z');
        const found = await store.findApiKeyByHash(hashOf(key.id));
        assert.equal(found?.key.revokedAt?.toISOString(), '2025-05-01T12:00:00.555Z', 'a revoked key is still found, marked');
        assert.equal(await store.revokeApiKey('key_missing', new Date()), false);
      });

      it('records last use coarsely: only when the stored value is older than at − minInterval', async () => {
        const org = await newOrg();
        const key = await newKey(org.id);
        const lastUsed = async () => (await store.listApiKeys(org.id))[0]?.lastUsedAt?.toISOString() ?? null;
        const minute = 60_000;

        await store.touchApiKey(key.id, at('2025-05-01T12:00:00.000Z'), minute);
        assert.equal(await lastUsed(), '2025-05-01T12:00:00.000Z', 'first use is written');
        await store.touchApiKey(key.id, at('2025-05-01T12:00:30.000Z'), minute);
        assert.equal(await lastUsed(), '2025-05-01T12:00:00.000Z', 'within the interval: no write');
        await store.touchApiKey(key.id, at('2025-05-01T12:01:00.000Z'), minute);
        assert.equal(await lastUsed(), '2025-05-01T12:00:00.000Z', 'exactly at the interval: not older, no write');
        await store.touchApiKey(key.id, at('2025-05-01T12:01:00.001Z'), minute);
        assert.equal(await lastUsed(), '2025-05-01T12:01:00.001Z', 'older than the interval: written');
        await store.touchApiKey(key.id, at('2025-05-01T11:00:00.000Z'), minute);
        assert.equal(await lastUsed(), '2025-05-01T12:01:00.001Z', 'never moves backwards');
        await store.touchApiKey('key_missing', new Date(), minute); // no error
      });
    });

    describe('usage counters', () => {
      const counterOf = (organizationId: string, counterKey = 'trial'): UsageCounterKey => ({ organizationId, counterKey });
      const countTrue = (results: unknown[]) => results.filter(Boolean).length;

      it('lets exactly cap reservations through under 120 concurrent calls from two instances', async () => {
        const org = await newOrg();
        const counter = counterOf(org.id);
        const results = await Promise.all(
          Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? store : other).reserveCall(counter, 50)),
        );
        assert.equal(countTrue(results), 50);
        assert.equal(await store.billableCalls(counter), 0, 'reservations are not billable');
        assert.equal(await store.reserveCall(counter, 50), null);

        // Releasing 7 lets exactly 7 more in, again under concurrency.
        await Promise.all(Array.from({ length: 7 }, () => store.releaseCall(counter)));
        const again = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? store : other).reserveCall(counter, 50)));
        assert.equal(countTrue(again), 7);

        // Commit 20 of the 50 held: billable 20, and the cap still counts them.
        await Promise.all(Array.from({ length: 20 }, () => other.commitCall(counter)));
        assert.equal(await store.billableCalls(counter), 20);
        assert.equal(await store.reserveCall(counter, 50), null);

        // Release the other 30: 30 slots free up, committed calls keep theirs.
        await Promise.all(Array.from({ length: 30 }, () => store.releaseCall(counter)));
        const refill = await Promise.all(Array.from({ length: 40 }, () => store.reserveCall(counter, 50)));
        assert.equal(countTrue(refill), 30);
        assert.equal(await store.billableCalls(counter), 20);
      });

      it('does commit/release arithmetic: commit moves one, release never goes below zero', async () => {
        const org = await newOrg();
        const counter = counterOf(org.id, '2025-03-04T05:06:07.089Z');
        assert.equal(await store.billableCalls(counter), 0, 'an unused counter is 0');
        await store.releaseCall(counter); // nothing to release: no row, no error
        assert.equal(await store.billableCalls(counter), 0);

        assert.ok(await store.reserveCall(counter, 3));
        assert.ok(await store.reserveCall(counter, 3));
        await store.commitCall(counter);
        assert.equal(await store.billableCalls(counter), 1);
        await store.releaseCall(counter);
        await store.releaseCall(counter); // one too many: reserved stays at 0
        await store.releaseCall(counter);
        assert.equal(await store.billableCalls(counter), 1);
        // committed 1 + reserved 0 → two more fit under a cap of 3, not three.
        assert.deepEqual(
          [await store.reserveCall(counter, 3), await store.reserveCall(counter, 3), await store.reserveCall(counter, 3)].map(Boolean),
          [true, true, false],
        );
        await store.commitCall(counter);
        await store.commitCall(counter);
        assert.equal(await store.billableCalls(counter), 3);
        assert.equal(await store.reserveCall(counter, 3), null);
      });

      it('without a cap always reserves; counters are separate per key and per organization', async () => {
        const org = await newOrg();
        const stranger = await newOrg('Fremd AG');
        const period = counterOf(org.id, '2025-04-01T00:00:00.000Z');
        const results = await Promise.all(Array.from({ length: 60 }, () => store.reserveCall(period, null)));
        assert.equal(countTrue(results), 60);
        await Promise.all(Array.from({ length: 60 }, () => store.commitCall(period)));
        assert.equal(await store.billableCalls(period), 60);
        assert.equal(await store.billableCalls(counterOf(org.id, '2025-05-01T00:00:00.000Z')), 0);
        assert.equal(await store.billableCalls(counterOf(stranger.id, '2025-04-01T00:00:00.000Z')), 0);
        assert.ok(await store.reserveCall(counterOf(org.id, 'trial'), 1));
        assert.equal(await store.reserveCall(counterOf(org.id, 'trial'), 1), null);
        assert.ok(await store.reserveCall(counterOf(stranger.id, 'trial'), 1));
        assert.equal(await store.reserveCall(counterOf(stranger.id, 'x'), 0), null, 'a cap of 0 admits nothing');
      });

      it('counts a commit even without a reservation (a billable call is never lost)', async () => {
        const org = await newOrg();
        const counter = counterOf(org.id, 'orphan');
        await store.commitCall(counter);
        assert.equal(await store.billableCalls(counter), 1);
      });
    });

    describe('stale reservations', () => {
      // The stores above stamp counters with the system time (now); every time here lies before
      // 2020, and afterEach gives back whatever the test left reserved before 2020, so each
      // test starts without old reservations and the counts it asserts are exact.
      const SWEEP = at('2020-01-01T00:00:00.000Z');
      const T0 = '2001-02-03T04:05:06.007Z';
      const t0 = at(T0).getTime();
      const MIN = 60_000;
      const clock = settableClock(T0);
      let clocked: Store;
      let raw: Kysely<Database>;

      before(async () => {
        clocked = await openStore(backend.url, { clock });
        raw = rawDb(backend.url);
      });
      after(async () => {
        await clocked?.close();
        await raw?.destroy();
      });
      afterEach(async () => {
        await clocked.reclaimStaleReservations(SWEEP);
      });

      const counterOf = (organizationId: string, counterKey = 'trial'): UsageCounterKey => ({ organizationId, counterKey });
      async function row(counter: UsageCounterKey) {
        return raw
          .selectFrom('usage_counters')
          .select(['committed', 'reserved', 'updated_at'])
          .where('organization_id', '=', counter.organizationId)
          .where('counter_key', '=', counter.counterKey)
          .executeTakeFirst();
      }
      const row3 = (committed: number, reserved: number, updatedAt: number) => ({ committed, reserved, updated_at: updatedAt });

      it('stamps updated_at on every counter write; a refused reservation or an empty release writes nothing', async () => {
        const org = await newOrg();
        const counter = counterOf(org.id);
        clock.set(T0);
        assert.ok(await clocked.reserveCall(counter, 2));
        assert.deepEqual(await row(counter), row3(0, 1, t0), 'insert path');
        clock.advance(1000);
        assert.ok(await clocked.reserveCall(counter, 2));
        assert.deepEqual(await row(counter), row3(0, 2, t0 + 1000), 'upsert path');
        clock.advance(1000);
        assert.equal(await clocked.reserveCall(counter, 2), null);
        assert.deepEqual(await row(counter), row3(0, 2, t0 + 1000), 'refused: unchanged');
        clock.advance(1000);
        await clocked.commitCall(counter);
        assert.deepEqual(await row(counter), row3(1, 1, t0 + 3000), 'commit');
        clock.advance(1000);
        await clocked.releaseCall(counter);
        assert.deepEqual(await row(counter), row3(1, 0, t0 + 4000), 'release');
        clock.advance(1000);
        await clocked.releaseCall(counter);
        assert.deepEqual(await row(counter), row3(1, 0, t0 + 4000), 'nothing to release: unchanged');
        clock.advance(1000);
        const orphan = counterOf(org.id, 'orphan');
        await clocked.commitCall(orphan);
        assert.deepEqual(await row(orphan), row3(1, 0, t0 + 6000), 'commit without a row');
      });

      it('reclaims a counter’s unsettled reservations once it is older than the cutoff, and not before', async () => {
        const org = await newOrg();
        const counter = counterOf(org.id, '2001-02-01T00:00:00.000Z');
        clock.set(T0);
        for (let i = 0; i < 3; i++) assert.ok(await clocked.reserveCall(counter, null));
        await clocked.commitCall(counter);
        assert.deepEqual(await row(counter), row3(1, 2, t0));

        assert.equal(await clocked.reclaimStaleReservations(new Date(t0 - 1)), 0);
        assert.equal(await clocked.reclaimStaleReservations(new Date(t0)), 0, 'written exactly at the cutoff: not older');
        assert.deepEqual(await row(counter), row3(1, 2, t0));

        assert.equal(await other.reclaimStaleReservations(new Date(t0 + 1)), 1, 'any instance may reclaim');
        assert.deepEqual(await row(counter), row3(1, 0, t0), 'committed and updated_at stay');
        assert.equal(await clocked.reclaimStaleReservations(new Date(t0 + 1)), 0, 'nothing left to reclaim');

        // A request wrongly presumed dead that settles afterwards: counted, never negative.
        clock.advance(MIN);
        await clocked.commitCall(counter);
        await clocked.releaseCall(counter);
        assert.deepEqual(await row(counter), row3(2, 0, t0 + MIN));
      });

      it('reclaims each reservation by its own age, however busy its counter, and never changes committed counts', async () => {
        const org = await newOrg();
        const [renewedByReserve, renewedByCommit, renewedByRelease, stale, committedOnly] = ['a', 'b', 'c', 'd', 'e'].map(
          (k) => counterOf(org.id, k),
        ) as [UsageCounterKey, UsageCounterKey, UsageCounterKey, UsageCounterKey, UsageCounterKey];
        clock.set(T0);
        for (const c of [renewedByReserve, renewedByCommit, renewedByRelease, stale]) {
          await clocked.reserveCall(c, null);
          await clocked.reserveCall(c, null);
          await clocked.commitCall(c);
          await clocked.reserveCall(c, null);
        }
        for (let i = 0; i < 7; i++) await clocked.commitCall(committedOnly);

        // Activity on a counter no longer shields the dead reservations it holds (issue 10 §4).
        clock.advance(10 * MIN);
        await clocked.reserveCall(renewedByReserve, null);
        await clocked.commitCall(renewedByCommit);
        await clocked.releaseCall(renewedByRelease);

        assert.equal(await clocked.reclaimStaleReservations(new Date(t0 + 5 * MIN)), 4, 'every counter holding a reservation from t0');
        assert.deepEqual(await row(stale), row3(1, 0, t0));
        assert.deepEqual(await row(renewedByReserve), row3(1, 1, t0 + 10 * MIN), 'the fresh reservation stays');
        assert.deepEqual(await row(renewedByCommit), row3(2, 0, t0 + 10 * MIN));
        assert.deepEqual(await row(renewedByRelease), row3(1, 0, t0 + 10 * MIN));
        assert.deepEqual(await row(committedOnly), row3(7, 0, t0), 'nothing reserved: not changed, not counted');

        assert.equal(await clocked.reclaimStaleReservations(new Date(t0 + 10 * MIN + 1)), 1);
        assert.deepEqual(
          await Promise.all([renewedByReserve, renewedByCommit, renewedByRelease, stale, committedOnly].map((c) => clocked.billableCalls(c))),
          [1, 2, 1, 1, 7],
        );
      });

      it('settles a reservation once and only by its id; a reclaimed one commits only within the cap', async () => {
        const org = await newOrg();
        const trial = counterOf(org.id, 'trial-ids');
        clock.set(T0);
        const first = (await clocked.reserveCall(trial, 2))!;
        clock.advance(10 * MIN);
        const second = (await clocked.reserveCall(trial, 2))!;
        assert.ok(first && second && first !== second);

        // Released twice: the second release gives nothing back (it would be the other call's unit).
        assert.equal(await clocked.releaseCall(trial, first), true);
        assert.equal(await other.releaseCall(trial, first), false);
        assert.deepEqual(await row(trial), row3(0, 1, t0 + 10 * MIN));
        // Committed twice: counted once.
        assert.equal(await clocked.commitCall(trial, null, { id: second, hardCap: 2 }), 1);
        assert.equal(await other.commitCall(trial, null, { id: second, hardCap: 2 }), null, 'a second commit counts nothing');
        assert.equal(await clocked.releaseCall(trial, second), false, 'nor can it be released after');
        assert.deepEqual(await row(trial), row3(1, 0, t0 + 10 * MIN));

        // A reservation reclaimed while its request still runs, the cap taken by others meanwhile:
        // the late commit is not counted — the trial never passes its cap.
        const capped = counterOf(org.id, 'trial-reclaimed');
        const slow = (await clocked.reserveCall(capped, 2))!;
        clock.advance(10 * MIN);
        assert.equal(await clocked.reclaimStaleReservations(new Date(clock.now().getTime() - 5 * MIN)), 1);
        for (let i = 0; i < 2; i++) {
          const id = (await other.reserveCall(capped, 2))!;
          assert.equal(await other.commitCall(capped, null, { id, hardCap: 2 }), i + 1);
        }
        assert.equal(await clocked.commitCall(capped, null, { id: slow, hardCap: 2 }), null);
        assert.equal(await clocked.billableCalls(capped), 2);

        // Reclaimed, but the cap still has room when the late request commits: counted, once.
        const roomy = counterOf(org.id, 'trial-roomy');
        const late = (await clocked.reserveCall(roomy, 2))!;
        clock.advance(10 * MIN);
        assert.equal(await clocked.reclaimStaleReservations(new Date(clock.now().getTime() - 5 * MIN)), 1);
        assert.equal(await clocked.commitCall(roomy, null, { id: late, hardCap: 2 }), 1);
        assert.equal(await clocked.commitCall(roomy, null, { id: late, hardCap: 2 }), null);
      });

      it('gives a trial blocked by a dead reservation its call back, however often it retried at the cap', async () => {
        const org = await newOrg();
        const trial = counterOf(org.id);
        clock.set(T0);
        for (let i = 0; i < 49; i++) {
          assert.ok(await clocked.reserveCall(trial, 50));
          await clocked.commitCall(trial);
        }
        assert.ok(await clocked.reserveCall(trial, 50), 'the 50th call, whose process then dies');
        clock.advance(60 * MIN);
        for (let i = 0; i < 5; i++) assert.equal(await other.reserveCall(trial, 50), null, 'blocked at the cap');
        for (let i = 0; i < 5; i++) assert.equal(await clocked.reserveCall(trial, 50), null, 'blocked at the cap');

        assert.equal(await clocked.reclaimStaleReservations(new Date(clock.now().getTime() - 30 * MIN)), 1);
        assert.ok(await clocked.reserveCall(trial, 50), 'the lost call is available again');
        await clocked.commitCall(trial);
        assert.equal(await clocked.billableCalls(trial), 50);
        assert.equal(await clocked.reserveCall(trial, 50), null, 'and the cap holds');
      });

      it('migration 0002 applies on a database with 0001 data: old rows get updated_at 0 and are reclaimable', async () => {
        const fresh = await makeBackend();
        let upgraded: Store | undefined;
        try {
          const old = rawDb<any>(fresh.url);
          try {
            const { error } = await new Migrator({ db: old, provider: migrationProvider }).migrateTo('0001_initial');
            assert.equal(error, undefined);
            const orgId = newId('org');
            await old
              .insertInto('organizations')
              .values({ id: orgId, name: 'Alt GmbH', email: 'a@alt.example', tier: 'trial', created_at: 1, period_anchor: 1 })
              .execute();
            await old
              .insertInto('usage_counters')
              .values([
                { organization_id: orgId, counter_key: 'trial', committed: 7, reserved: 2 },
                { organization_id: orgId, counter_key: '2001-01-01T00:00:00.000Z', committed: 3, reserved: 0 },
              ])
              .execute();
            upgraded = await openStore(fresh.url, { clock });
            await upgraded.migrate();
            const rows = await old
              .selectFrom('usage_counters')
              .select(['counter_key', 'committed', 'reserved', 'updated_at'])
              .orderBy('counter_key')
              .execute();
            assert.deepEqual(rows, [
              { counter_key: '2001-01-01T00:00:00.000Z', committed: 3, reserved: 0, updated_at: 0 },
              { counter_key: 'trial', committed: 7, reserved: 2, updated_at: 0 },
            ]);

            assert.equal(await upgraded.reclaimStaleReservations(new Date(1)), 1);
            const trial = counterOf(orgId);
            assert.equal(await upgraded.billableCalls(trial), 7);
            assert.equal(await upgraded.billableCalls(counterOf(orgId, '2001-01-01T00:00:00.000Z')), 3);
            clock.set(T0);
            assert.ok(await upgraded.reserveCall(trial, 8), '7 committed + 0 reserved < 8');
            assert.equal(await upgraded.reserveCall(trial, 8), null);
            const after = await old.selectFrom('usage_counters').select('updated_at').where('counter_key', '=', 'trial').executeTakeFirst();
            assert.deepEqual(after, { updated_at: t0 });
          } finally {
            await old.destroy();
          }
        } finally {
          await upgraded?.close();
          await fresh.teardown();
        }
      });
    });

    describe('sign-up organizations', () => {
      const signUpOrg = (email: string, name = 'Anmelde GmbH') => ({ id: newId('org'), name, email, tier: 'trial' as const, createdAt: at('2025-03-04T05:06:07.089Z') });

      it('one per address, also when two instances insert at the same moment; the operator may still add more', async () => {
        const email = `claim-${randomBase62(6).toLowerCase()}@example.com`;
        const results = await Promise.all([store, other, store, other, store].map((s, i) => s.createSignUpOrganization(signUpOrg(email, `Race ${i}`))));
        const won = results.filter((r) => r !== null);
        assert.equal(won.length, 1, 'exactly one insert claims the address');
        assert.deepEqual((await store.findOrganizationsByEmail(email)).map((o) => o.id), [won[0]!.id], 'the others wrote nothing');
        assert.equal(await other.createSignUpOrganization(signUpOrg(email)), null, 'and later ones neither');
        await store.createOrganization(signUpOrg(email, 'Zweite GmbH'));
        assert.equal((await store.findOrganizationsByEmail(email)).length, 2, 'an operator organization does not claim');
      });

      it('migration 0007 applies on a database whose organizations already share an address, and leaves them as they are', async () => {
        const fresh = await makeBackend();
        let upgraded: Store | undefined;
        const old = rawDb<any>(fresh.url);
        try {
          const { error } = await new Migrator({ db: old, provider: migrationProvider }).migrateTo('0006_call_reservations');
          assert.equal(error, undefined);
          const row = (id: string, name: string) => ({ id, name, email: 'dup@alt.example', tier: 'trial', created_at: 1, period_anchor: 1, plan_version: 0 });
          await old.insertInto('organizations').values([row('org_dup1', 'Doppelt A'), row('org_dup2', 'Doppelt B')]).execute();
          upgraded = await openStore(fresh.url);
          await upgraded.migrate();
          const rows = await old.selectFrom('organizations').select(['id', 'sign_up_email']).orderBy('id').execute();
          assert.deepEqual(rows, [
            { id: 'org_dup1', sign_up_email: null },
            { id: 'org_dup2', sign_up_email: null },
          ]);
          assert.equal((await upgraded.findOrganizationsByEmail('dup@alt.example')).length, 2, 'both still sign in');
          assert.ok(await upgraded.createSignUpOrganization(signUpOrg('new@alt.example')));
          assert.equal(await upgraded.createSignUpOrganization(signUpOrg('new@alt.example')), null);
        } finally {
          await old.destroy();
          await upgraded?.close();
          await fresh.teardown();
        }
      });
    });

    describe('audit records', () => {
      it('inserts records and lists them newest first, limited, per organization', async () => {
        const org = await newOrg();
        const stranger = await newOrg('Fremd AG');
        const key = await newKey(org.id);
        const records = [
          { documentType: 'mahnung' as const, statusCode: 200, pages: 2, createdAt: at('2025-05-01T10:00:00.001Z') },
          { documentType: null, statusCode: 400, pages: null, createdAt: at('2025-05-01T10:00:00.003Z') },
          { documentType: 'kontoauszug' as const, statusCode: 422, pages: 5, createdAt: at('2025-05-01T10:00:00.002Z') },
        ].map((r, i) => ({ id: newId('aud'), organizationId: org.id, keyId: key.id, latencyMs: 100 + i, ...r }));
        for (const r of records) await store.insertAuditRecord(r);
        await store.insertAuditRecord({ ...records[0]!, id: newId('aud'), organizationId: stranger.id });

        const listed = await other.listAuditRecords(org.id, 10);
        assert.deepEqual(listed, [records[1], records[2], records[0]]);
        assert.deepEqual(await store.listAuditRecords(org.id, 2), [records[1], records[2]]);
        assert.equal((await store.listAuditRecords(stranger.id, 10)).length, 1);
      });
    });
  });
}

/** Hashes of the keys the tests created: ApiKeyRecord deliberately does not carry one. */
const hashes = new Map<string, string>();
function hashOf(keyId: string): string {
  const hash = hashes.get(keyId);
  if (hash === undefined) throw new Error(`no hash recorded for ${keyId}`);
  return hash;
}

/** Runs `migrate()` in a separate Node process (tsx), as a second service instance would. */
async function migrateInChild(url: string): Promise<void> {
  const script = `
    import { openStore } from ${JSON.stringify(path.join(repoRoot, 'src/adapters/store/open-store.ts'))};
    const store = await openStore(process.env.KLARTEXT_TEST_URL);
    await store.migrate();
    await store.close();
  `;
  await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, KLARTEXT_TEST_URL: url },
  });
}

describe('parseDatabaseUrl', () => {
  it('accepts the documented forms', () => {
    assert.deepEqual(parseDatabaseUrl('sqlite:./data/klartext.db', '/srv/app'), { kind: 'sqlite', file: '/srv/app/data/klartext.db' });
    assert.deepEqual(parseDatabaseUrl('sqlite:data/k.db', '/srv/app'), { kind: 'sqlite', file: '/srv/app/data/k.db' });
    assert.deepEqual(parseDatabaseUrl('sqlite:/var/lib/k.db', '/srv/app'), { kind: 'sqlite', file: '/var/lib/k.db' });
    assert.deepEqual(parseDatabaseUrl('sqlite:///var/lib/k.db', '/srv/app'), { kind: 'sqlite', file: '/var/lib/k.db' });
    assert.deepEqual(parseDatabaseUrl('sqlite::memory:'), { kind: 'sqlite', file: ':memory:' });
    assert.deepEqual(parseDatabaseUrl('postgres://u:p@db:5432/k'), { kind: 'postgres', connectionString: 'postgres://u:p@db:5432/k' });
    assert.deepEqual(parseDatabaseUrl('postgresql://db/k'), { kind: 'postgres', connectionString: 'postgresql://db/k' });
  });

  it('rejects other schemes without repeating the URL (it may hold a password)', () => {
    assert.throws(() => parseDatabaseUrl('mysql://user:s3cret@db/k'), (err: Error) => {
      assert.match(err.message, /unsupported scheme 'mysql'/);
      assert.doesNotMatch(err.message, /s3cret/);
      return true;
    });
    assert.throws(() => parseDatabaseUrl('sqlite:'), /names no SQLite file/);
  });
});

describe('openStore', () => {
  it('opens and migrates an in-memory SQLite database', async () => {
    const store = await openStore('sqlite::memory:');
    try {
      await store.migrate();
      await store.migrate();
      await store.ping();
    } finally {
      await store.close();
    }
  });

  it('creates the parent folder of a SQLite file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'klartext-open-'));
    try {
      const file = path.join(dir, 'a', 'b', 'k.db');
      const store = await openStore(`sqlite:${file}`);
      await store.close();
      assert.equal(existsSync(file), true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails fast, without the password, when PostgreSQL is unreachable', async () => {
    await assert.rejects(openStore('postgres://klartext:s3cret@127.0.0.1:1/none'), (err: Error) => {
      assert.match(err.message, /Cannot open PostgreSQL/);
      assert.doesNotMatch(err.message, /s3cret/);
      return true;
    });
  });
});

storeContract('SQLite (temp file)', sqliteBackend);
if (process.env.TEST_DATABASE_URL) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  storeContract('PostgreSQL', () => postgresBackend(adminUrl));
} else {
  describe('Store contract on PostgreSQL', () => {
    it('runs when TEST_DATABASE_URL is set', { skip: 'TEST_DATABASE_URL not set' }, () => {});
  });
}
