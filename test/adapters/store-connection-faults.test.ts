/**
 * PostgreSQL connections that die under the store (issue 10): a reset mid-query or while a
 * request holds a connection must fail that call, never crash the process, be reported to
 * onPoolError, and the pool must serve the next call on a fresh connection. The connection is
 * cut by a TCP proxy in front of the shared server (never the server itself).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx --test test/adapters/store-connection-faults.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, sql } from 'kysely';
import { createDialect, parseDatabaseUrl } from '../../src/adapters/store/dialect.js';
import { openStore } from '../../src/adapters/store/open-store.js';
import type { Store } from '../../src/ports/store.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const skip = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set';

describe('PostgreSQL connection reset', { skip }, () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  before(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  });
  after(async () => {
    await proxy?.close();
    await database?.drop();
  });

  it('mid-query: the query fails, the error is reported, the process lives and the pool recovers', async () => {
    const reported: Error[] = [];
    const db = new Kysely<unknown>({ dialect: createDialect(parseDatabaseUrl(proxy.urlFor(database.url)), { onPoolError: (e) => reported.push(e) }) });
    try {
      await sql`select 1`.execute(db);
      const slow = sql`select pg_sleep(2)`.execute(db);
      await sleep(300);
      proxy.reset();
      await assert.rejects(slow, /ECONNRESET|Connection terminated/);
      await sleep(100);
      assert.ok(reported.length >= 1, 'the dead connection was reported');
      assert.match(reported[0]!.message, /ECONNRESET|Connection terminated/);
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      assert.equal(again.rows[0]?.one, 1, 'the next query runs on a fresh connection');
    } finally {
      await db.destroy();
    }
  });

  it('checked out between statements: reported, not thrown at the process; the holder\'s next statement fails; the pool recovers', async () => {
    const reported: Error[] = [];
    const db = new Kysely<unknown>({ dialect: createDialect(parseDatabaseUrl(proxy.urlFor(database.url)), { onPoolError: (e) => reported.push(e) }) });
    try {
      await assert.rejects(
        db.connection().execute(async (conn) => {
          await sql`select 1`.execute(conn);
          proxy.reset(); // the client is held, no query in flight
          await sleep(300);
          await sql`select 1`.execute(conn);
        }),
      );
      assert.ok(reported.length >= 1, 'the dead connection was reported');
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      assert.equal(again.rows[0]?.one, 1);
    } finally {
      await db.destroy();
    }
  });

  it('openStore: every connection cut while calls are in flight, the store serves the next call', async () => {
    const reported: Error[] = [];
    let store: Store | undefined;
    try {
      store = await openStore(proxy.urlFor(database.url), { onPoolError: (e) => reported.push(e) });
      await store.migrate();
      // Cut every connection while the store is in use; pings in flight may fail, none may crash.
      const pings = Array.from({ length: 5 }, () => store!.ping().then(() => 'ok', () => 'failed'));
      proxy.reset();
      await Promise.all(pings);
      await sleep(100);
      await store.ping();
    } finally {
      await store?.close();
    }
  });
});
