import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database of the run's own, on the shared server (default 127.0.0.1:5432, user
 * postgres), created at start and dropped at the end. Only this database is ever written or
 * dropped; the server itself is never stopped or reconfigured. LOAD_PG_URL names another
 * server (its database part is only used to connect for CREATE/DROP).
 */
export const ADMIN_URL = process.env.LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface RunDatabase {
  name: string;
  /** The URL straight to the server. */
  url: string;
  /** The same database through another host:port (a TCP proxy in front of the server). */
  urlVia(host: string, port: number): string;
  /** Where the server is, for a proxy in front of it. */
  server: { host: string; port: number };
  drop(): Promise<void>;
}

export async function createRunDatabase(prefix: string): Promise<RunDatabase> {
  const name = `klartext_${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const base = new URL(ADMIN_URL);
  base.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: base.toString(),
    urlVia(host, port) {
      const via = new URL(base);
      via.hostname = host;
      via.port = String(port);
      return via.toString();
    },
    server: { host: base.hostname, port: Number(base.port || 5432) },
    async drop() {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Runs `fn` with a short-lived client on the run's database (straight to the server). */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
