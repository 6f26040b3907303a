import type { Kysely, Migration } from 'kysely';

/**
 * The Stripe provider's tables (issue 9): webhook events seen (de-duplication by event id),
 * overage calls waiting to be reported as meter events, and `organizations.plan_version`, which
 * test-mode checkout links carry so that a link issued before a plan change is refused.
 * Epoch-millisecond bigints as everywhere else; both dialects.
 */
export const billingProvider: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('billing_webhook_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addColumn('processed_at', 'bigint')
      .execute();

    await db.schema
      .createTable('billing_usage_reports')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('claim_token', 'text')
      .addColumn('sent_at', 'bigint')
      .addColumn('last_error', 'text')
      .execute();
    // The reporter's claim scans pending rows by due time.
    await db.schema
      .createIndex('billing_usage_reports_due_idx')
      .on('billing_usage_reports')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('billing_usage_reports_organization_idx')
      .on('billing_usage_reports')
      .column('organization_id')
      .execute();

    await db.schema
      .alterTable('organizations')
      .addColumn('plan_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('organizations').dropColumn('plan_version').execute();
    await db.schema.dropTable('billing_usage_reports').execute();
    await db.schema.dropTable('billing_webhook_events').execute();
  },
};
