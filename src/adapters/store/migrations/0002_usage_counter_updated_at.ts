import type { Kysely, Migration } from 'kysely';

/**
 * `usage_counters.updated_at`: epoch milliseconds of the counter's last write, the input of
 * reclaiming reservations left by requests that died (Store.reclaimStaleReservations).
 *
 * Existing rows get 0 ("last written at an unknown time, long ago"): every reservation they
 * hold predates this version's start, so the first reclaim run may give them back. Both
 * dialects add a NOT NULL column with a constant default without rewriting the table
 * (PostgreSQL ≥ 11 stores the default in the catalog; SQLite only edits the schema).
 */
export const usageCounterUpdatedAt: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('usage_counters')
      .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('usage_counters').dropColumn('updated_at').execute();
  },
};
