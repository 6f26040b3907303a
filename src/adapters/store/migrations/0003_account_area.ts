import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The account area (/api-account, SPEC §6):
 * - `account_sessions`: server-side sessions of signed-in people (and of anonymous visitors
 *   holding a CSRF secret for a form). `data` is the session object as JSON: ids, e-mail, CSRF
 *   secret, locale — never document content. Shared by every instance through the database.
 * - `account_login_tokens`: the single-use links of sign-up and sign-in e-mails. Only the
 *   SHA-256 of a token is stored; a link is used once (used_at) and expires (expires_at).
 * - an index on `lower(organizations.email)`: the address an account signs in with.
 */
export const accountArea: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('account_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_sessions_expires_idx').on('account_sessions').column('expires_at').execute();

    await db.schema
      .createTable('account_login_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('company_name', 'text')
      .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    // Sign-up, sign-in and confirmation look organizations up by address, case-insensitively
    // (Store.findOrganizationsByEmail); both dialects index the expression.
    await db.schema.createIndex('organizations_email_lower_idx').on('organizations').expression(sql`lower(email)`).execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('organizations_email_lower_idx').execute();
    await db.schema.dropTable('account_login_tokens').execute();
    await db.schema.dropTable('account_sessions').execute();
  },
};
