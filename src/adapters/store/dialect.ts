import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Dialect,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * The one place that knows SQLite from PostgreSQL. Everything else in the store is written
 * once against Kysely and uses only SQL both understand (upsert with RETURNING included).
 */
export type DatabaseTarget =
  | { kind: 'sqlite'; /** absolute path, or ':memory:' */ file: string }
  | { kind: 'postgres'; connectionString: string };

const ACCEPTED = 'sqlite:./relative/path.db, sqlite:/abs/path.db, sqlite::memory:, postgres://… or postgresql://…';

/** Parses DATABASE_URL. The error never repeats the URL, which may hold a password. */
export function parseDatabaseUrl(databaseUrl: string, cwd: string = process.cwd()): DatabaseTarget {
  const url = databaseUrl.trim();
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', connectionString: url };
  if (/^sqlite:/i.test(url)) {
    // `sqlite://x` is tolerated as a spelling of `sqlite:x` (so `sqlite:///abs` is `/abs`).
    const rest = url.slice('sqlite:'.length).replace(/^\/\/(?=[./]|:memory:)/, '');
    if (rest === ':memory:') return { kind: 'sqlite', file: ':memory:' };
    if (rest.length === 0) throw new Error(`DATABASE_URL names no SQLite file; expected ${ACCEPTED}`);
    return { kind: 'sqlite', file: path.resolve(cwd, rest) };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1] ?? '(none)';
  throw new Error(`DATABASE_URL has unsupported scheme '${scheme}'; expected ${ACCEPTED}`);
}

export interface DialectOptions {
  /**
   * Errors of PostgreSQL connections outside a query's own result: an idle pooled connection
   * or one checked out by a request whose socket dies (server restarted, connection reset).
   * Without a listener pg emits them as an unhandled 'error' event, which ends the process.
   * Receives only the driver's error (a code and a message about the socket), never SQL
   * parameters or document content.
   */
  onPoolError?: (err: Error) => void;
}

export function createDialect(target: DatabaseTarget, opts: DialectOptions = {}): Dialect {
  return target.kind === 'sqlite' ? sqliteDialect(target.file) : postgresDialect(target.connectionString, opts);
}

/** How long a connection waits for another's lock before SQLITE_BUSY, in ms. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Switches the file to WAL once (the mode is kept in the file). The switch needs the file to
 * itself, and SQLite answers SQLITE_BUSY at once — without waiting on the busy timeout — when
 * another process has it open in a transaction, as when two instances start and migrate together:
 * so it is retried for up to the busy timeout, and skipped when the file is already in WAL.
 */
function useWal(database: BetterSqlite3.Database): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      if (database.pragma('journal_mode', { simple: true }) !== 'wal') database.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      // Start-up only: a short synchronous pause before the next attempt.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

function sqliteDialect(file: string): Dialect {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  // The busy timeout from the first statement on: switching to WAL takes a lock too, and a
  // second process opening the file while the first migrates got SQLITE_BUSY at once without it.
  const database = new BetterSqlite3(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  // WAL: readers never block the writer; NORMAL sync is durable across app crashes in WAL mode.
  useWal(database);
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  return new ImmediateSqliteDialect({ database });
}

/**
 * SQLite with two corrections to Kysely's defaults:
 * - transactions start with BEGIN IMMEDIATE, taking the write lock up front. A deferred
 *   transaction that reads and then writes can fail with SQLITE_BUSY without waiting when
 *   another process writes; IMMEDIATE waits on busy_timeout instead.
 * - DDL is declared transactional (SQLite's DDL is), so the Migrator runs pending migrations
 *   in one IMMEDIATE transaction: two processes starting on the same file serialize there,
 *   and the second sees the first's migrations as applied. A failed migration rolls back whole.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Transactions on one SQLite file take turns within this process. Two stores open on the same
 * file in one process (tests run two "instances" so) would otherwise deadlock: better-sqlite3
 * waits for a busy lock synchronously, blocking the very event loop the other connection needs
 * to finish the transaction that holds the lock. Separate processes wait on busy_timeout.
 */
const transactionTurns = new Map<string, Promise<void>>();

async function takeTurn(file: string): Promise<() => void> {
  const previous = transactionTurns.get(file) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  transactionTurns.set(file, tail);
  await previous;
  return () => {
    release();
    if (transactionTurns.get(file) === tail) transactionTurns.delete(file);
  };
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #file: string;
  #endTurn: (() => void) | undefined;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#file = (config.database as { name?: string }).name ?? ':memory:';
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const endTurn = await takeTurn(this.#file);
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      this.#endTurn = endTurn;
    } catch (err) {
      endTurn();
      throw err;
    }
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.#finishTurn();
    }
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#finishTurn();
    }
  }
  #finishTurn(): void {
    const end = this.#endTurn;
    this.#endTurn = undefined;
    end?.();
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** PostgreSQL type id of BIGINT (int8). */
const PG_INT8_OID = 20;

/**
 * How long a request waits for a pooled connection (a new one included) before the call fails
 * with 'timeout exceeded when trying to connect' — answered as 503 service_unavailable instead
 * of holding the request for as long as PostgreSQL is unreachable.
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

function postgresDialect(connectionString: string, opts: DialectOptions): Dialect {
  const pool = new pg.Pool({
    connectionString,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    // BIGINT (epoch ms, counts) as number instead of string, for this pool only — no global
    // pg.types change that would surprise other code in the process.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const report = (err: Error): void => opts.onPoolError?.(err);
  // Idle clients: pg-pool forwards their errors here (and drops the client).
  pool.on('error', report);
  // Checked-out clients: pg-pool listens only while a client is idle, so a socket that dies
  // while a request holds the client (mid-query or between a transaction's statements) would
  // emit an unhandled 'error'. The query itself still fails with the error; the client is no
  // longer queryable, so the pool discards it on release and opens a fresh one next time.
  pool.on('connect', (client) => client.on('error', report));
  return new PostgresDialect({ pool });
}
