import type { Kysely, Migration } from 'kysely';

/**
 * Limits of the sign-up and sign-in forms (docs/account.md): `account_auth_attempts` counts
 * requests per fixed window and bucket (`ip:<sha256>` or `address:<sha256>` — neither an IP nor
 * an address in clear). A row lives until its window is over; the account sweep deletes it.
 * (0003 holds the account sessions and login links, 0004 the billing provider.)
 */
export const accountAuth: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('account_auth_attempts')
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_auth_attempts_pk', ['bucket', 'window_start'])
      .execute();
    await db.schema.createIndex('account_auth_attempts_expires_idx').on('account_auth_attempts').column('expires_at').execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('account_auth_attempts').execute();
  },
};
