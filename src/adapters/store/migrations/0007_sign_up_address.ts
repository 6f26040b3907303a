import type { Kysely, Migration } from 'kysely';

/**
 * `organizations.sign_up_email`: the normalised address of an organization made by
 * self-service sign-up, unique. Sign-up links of one address confirmed at the same moment
 * (several instances, PostgreSQL) each passed the "no organization yet" check and each made
 * an organization with its own trial (issue 19); now the insert claims the address
 * (`ON CONFLICT DO NOTHING`) and only one claim can win: the others sign in to it.
 *
 * Only self-service sign-up sets the column. Organizations the operator CLI makes leave it
 * NULL (an address may own several of those: docs/account.md), and NULLs never conflict in a
 * unique index on either dialect.
 *
 * Existing rows — which may already hold several organizations of one address, made by that
 * very race — are left NULL: the migration cannot tell a race's duplicate from an operator's
 * second organization, and merging or deleting organizations that may hold keys, usage and a
 * subscription is an operator's decision, not a migration's. New sign-ups of such an address
 * never add another (an address with any organization gets sign-in links); docs/account.md
 * gives the query that lists the duplicates.
 */
export const signUpAddress: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('organizations').addColumn('sign_up_email', 'text').execute();
    await db.schema.createIndex('organizations_sign_up_email_idx').on('organizations').column('sign_up_email').unique().execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('organizations_sign_up_email_idx').execute();
    await db.schema.alterTable('organizations').dropColumn('sign_up_email').execute();
  },
};
