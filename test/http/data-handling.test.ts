import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { serviceTempDir } from '../../src/adapters/temp-files/sweeper.js';
import { backends } from '../support/databases.js';
import { payslipLines, statementLines, textPdf } from '../support/documents.js';
import { answeringPipelines } from '../support/pipelines.js';
import { analyze, auditRecordsOf, closeSharedReader, createOrg, getJson, startServer, type TestServer } from '../support/server.js';

/**
 * SPEC §7: no document byte and no extracted text reaches the database or the log. Documents
 * carrying a unique marker go through success and failure paths; then the raw database (the
 * SQLite file and its WAL, or every row of every PostgreSQL table) and every log line are
 * searched for the marker.
 */
after(closeSharedReader);

async function databaseText(server: TestServer): Promise<string> {
  if (server.db.kind === 'sqlite') {
    const file = server.db.file!;
    return [file, `${file}-wal`, `${file}-journal`]
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f).toString('latin1'))
      .join('\n');
  }
  const client = new pg.Client({ connectionString: server.db.url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    assert.ok(tables.rows.length >= 4, 'the schema has its tables');
    const parts: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`SELECT * FROM "${table_name}"`);
      parts.push(JSON.stringify(rows.rows));
    }
    return parts.join('\n');
  } finally {
    await client.end();
  }
}

for (const backend of backends()) {
  describe(`data handling (${backend})`, () => {
    test('no document content in the database, the logs or the temp folder', async () => {
      const server = await startServer({ backend, pipelines: answeringPipelines(), config: { logLevel: 'trace' } });
      try {
        const marker = `MARKER${Date.now().toString(36).toUpperCase()}XQZ`;
        const org = await createOrg(server, { tier: 'business' });
        const tempBefore = existsSync(serviceTempDir()) ? readdirSync(serviceTempDir()).length : 0;

        const ok = await analyze(server.url, org.apiKey, {
          documentType: 'lohnabrechnung',
          file: await textPdf([payslipLines(marker)]),
          filename: `${marker}.pdf`,
        });
        assert.equal(ok.status, 200);
        const wrongType = await analyze(server.url, org.apiKey, {
          documentType: 'lohnabrechnung',
          file: await textPdf([statementLines(marker)]),
          filename: `${marker}.pdf`,
        });
        assert.equal(wrongType.status, 422);
        const broken = await analyze(server.url, org.apiKey, {
          documentType: 'kontoauszug',
          file: Buffer.from(`%PDF-1.4 ${marker} broken`),
          filename: `${marker}.pdf`,
        });
        assert.equal(broken.status, 400);
        assert.equal((await getJson(server.url, '/api/v1/usage', org.apiKey)).status, 200);

        // Each analyze call left an audit record without content.
        const audit = await auditRecordsOf(server, org.organizationId, 3);
        assert.deepEqual(audit.map((a) => a.statusCode).sort(), [200, 400, 422]);
        assert.ok(audit.every((a) => a.keyId === org.keyId && a.latencyMs >= 0));

        const db = await databaseText(server);
        assert.ok(db.length > 0);
        assert.ok(!db.includes(marker), 'the database holds no document content');
        assert.ok(!db.includes('Verdienstabrechnung') && !db.includes('Kontoauszug Nr'), 'nor extracted text');
        assert.ok(!db.includes(org.apiKey), 'nor the API key');

        const logs = server.logs.join('\n');
        assert.ok(server.logs.length > 5, 'the server logged at trace level');
        assert.ok(!logs.includes(marker), 'the log holds no document content or file name');
        assert.ok(!logs.includes('Verdienstabrechnung'), 'nor extracted text');
        const leak = server.logs.find((l) => l.includes(org.apiKey));
        assert.equal(leak, undefined, 'nor the API key');

        const tempAfter = existsSync(serviceTempDir()) ? readdirSync(serviceTempDir()).length : 0;
        assert.ok(tempAfter <= tempBefore, 'no temp file is left behind');
      } finally {
        await server.close();
      }
    });
  });
}
