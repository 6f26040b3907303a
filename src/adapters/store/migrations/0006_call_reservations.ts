import type { Kysely, Migration } from 'kysely';

/**
 * `call_reservations`: one row per reservation a call takes on a usage counter, named by its
 * id, with its state. Settling (commit or release) moves exactly that row out of `held`, so a
 * reservation is committed or given back once, and only by the request that holds it;
 * reclaiming gives back the rows of dead requests by their own age, not another request's
 * unit of `reserved`. Settled rows are deleted a day later by the reclaimer.
 * `usage_counters.reserved` stays the count the cap is checked against (one upsert), kept
 * equal to the number of rows by changing both in one transaction.
 */
export const callReservations: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('call_reservations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('counter_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // held → committed | released | reclaimed; only held rows count in `reserved`.
      .addColumn('state', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('call_reservations_counter_idx').on('call_reservations').columns(['organization_id', 'counter_key', 'created_at']).execute();
    await db.schema.createIndex('call_reservations_created_idx').on('call_reservations').column('created_at').execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('call_reservations').execute();
  },
};
