import { Kysely } from 'kysely';
import type { Store } from '../../ports/store.js';
import { createDialect, parseDatabaseUrl, type DialectOptions } from './dialect.js';
import { KyselyStore, type KyselyStoreOptions } from './kysely-store.js';
import type { Database } from './schema.js';

export type OpenStoreOptions = DialectOptions & KyselyStoreOptions;

/**
 * Opens the store named by DATABASE_URL (SPEC §10): `sqlite:./relative/path.db` (relative to
 * the working directory), `sqlite:/abs/path.db`, `sqlite::memory:`, `postgres://…` or
 * `postgresql://…`. Makes one round trip before returning, so a wrong URL or an unreachable
 * server stops the start here. Does not migrate: call `store.migrate()`. `opts.clock` stamps
 * the usage counters' updated_at (system time by default).
 */
export async function openStore(databaseUrl: string, opts: OpenStoreOptions = {}): Promise<Store> {
  const target = parseDatabaseUrl(databaseUrl);
  const db = new Kysely<Database>({ dialect: createDialect(target, opts) });
  const store = new KyselyStore(db, { clock: opts.clock });
  try {
    await store.ping();
  } catch (err) {
    await db.destroy().catch(() => undefined);
    const where = target.kind === 'sqlite' ? `SQLite file ${target.file}` : 'PostgreSQL';
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Cannot open ${where}: ${reason}`, { cause: err });
  }
  return store;
}
