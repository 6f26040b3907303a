import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Initial schema. Written with types both dialects understand: `text`, `integer`, `bigint`
 * (epoch milliseconds; SQLite gives it INTEGER affinity). Migrations take `Kysely<any>` on
 * purpose: they describe the schema as it was at their version, not as the code sees it now.
 * No table has a column for document content (SPEC §7).
 */
export const initialSchema: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('organizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('period_anchor', 'bigint', (c) => c.notNull())
      .addColumn('included_calls_override', 'integer')
      .addColumn('overage_cents_override', 'integer')
      .addColumn('rate_limit_override', 'integer')
      // UNIQUE allows any number of NULLs on both dialects.
      .addColumn('billing_customer_id', 'text', (c) => c.unique())
      .addColumn('billing_subscription_id', 'text')
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema.createIndex('api_keys_organization_idx').on('api_keys').column('organization_id').execute();

    await db.schema
      .createTable('usage_counters')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('counter_key', 'text', (c) => c.notNull())
      .addColumn('committed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('usage_counters_pk', ['organization_id', 'counter_key'])
      .addCheckConstraint('usage_counters_non_negative', sql`committed >= 0 AND reserved >= 0`)
      .execute();

    // Audit rows outlive keys conceptually, so key_id carries no foreign key.
    await db.schema
      .createTable('audit_records')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text')
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('pages', 'integer')
      .addColumn('latency_ms', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('audit_records_organization_created_idx')
      .on('audit_records')
      .columns(['organization_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('audit_records').execute();
    await db.schema.dropTable('usage_counters').execute();
    await db.schema.dropTable('api_keys').execute();
    await db.schema.dropTable('organizations').execute();
  },
};
