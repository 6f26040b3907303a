import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Real databases for tests: a SQLite file in a fresh temp folder, or a fresh PostgreSQL
 * database per call (created from TEST_DATABASE_URL's server, dropped by `drop`), so test
 * files can run in parallel without sharing state.
 */
export interface TestDatabase {
  kind: 'sqlite' | 'postgres';
  url: string;
  /** The SQLite file, for tests that read the raw bytes. */
  file?: string;
  drop(): Promise<void>;
}

export type Backend = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL where TEST_DATABASE_URL is set (CI sets it). */
export function backends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export async function createTestDatabase(kind: Backend): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'klartext-test-'));
    const file = join(dir, 'klartext.db');
    return { kind, url: `sqlite:${file}`, file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `klartext_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
