import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../src/adapters/store/open-store.js';
import { newId } from '../../src/domain/random-id.js';
import type { Store } from '../../src/ports/store.js';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases.js';

/** Store.dailyBillableCalls: per-UTC-day counts of successful calls, computed in SQL. */
for (const backend of backends()) {
  describe(`dailyBillableCalls (${backend})`, () => {
    let db: TestDatabase;
    let store: Store;
    const org = 'org_daily000000000001';
    const other = 'org_daily000000000002';

    before(async () => {
      db = await createTestDatabase(backend);
      store = await openStore(db.url);
      await store.migrate();
      for (const id of [org, other]) {
        await store.createOrganization({ id, name: id, email: `${id}@example.test`, tier: 'starter', createdAt: new Date('2026-03-01T00:00:00Z') });
      }
      const audit = async (organizationId: string, at: string, statusCode = 200) =>
        store.insertAuditRecord({
          id: newId('aud'),
          organizationId,
          keyId: 'key_x',
          documentType: 'kontoauszug',
          statusCode,
          pages: 1,
          latencyMs: 10,
          createdAt: new Date(at),
        });
      await audit(org, '2026-03-01T00:00:00.000Z'); // the first millisecond of a day
      await audit(org, '2026-03-01T23:59:59.999Z'); // the last millisecond of the same day
      await audit(org, '2026-03-02T00:00:00.000Z');
      await audit(org, '2026-03-02T12:00:00.000Z', 402); // not billable
      await audit(org, '2026-03-02T12:00:01.000Z', 500); // not billable
      await audit(org, '2026-03-05T08:00:00.000Z');
      await audit(org, '2026-03-05T09:00:00.000Z');
      await audit(org, '2026-03-05T10:00:00.000Z');
      await audit(org, '2026-04-01T00:00:00.000Z'); // outside the range asked for
      await audit(other, '2026-03-05T10:00:00.000Z'); // another organization
    });
    after(async () => {
      await store?.close();
      await db?.drop();
    });

    it('groups status-200 records by UTC day, oldest first, only days with calls', async () => {
      const days = await store.dailyBillableCalls(org, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'));
      assert.deepEqual(days, [
        { day: '2026-03-01', calls: 2 },
        { day: '2026-03-02', calls: 1 },
        { day: '2026-03-05', calls: 3 },
      ]);
    });

    it('the range is from-inclusive, to-exclusive and may start mid-day', async () => {
      const days = await store.dailyBillableCalls(org, new Date('2026-03-01T12:00:00Z'), new Date('2026-03-05T09:00:00Z'));
      assert.deepEqual(days, [
        { day: '2026-03-01', calls: 1 },
        { day: '2026-03-02', calls: 1 },
        { day: '2026-03-05', calls: 1 },
      ]);
    });

    it('an organization without calls has no days', async () => {
      assert.deepEqual(await store.dailyBillableCalls('org_nobody', new Date(0), new Date('2030-01-01T00:00:00Z')), []);
    });
  });
}
