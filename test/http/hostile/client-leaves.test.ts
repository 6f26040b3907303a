import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readingFixture } from '../../../scripts/fixtures/generate.js';
import { createDocumentReader, defaultReaderConfig } from '../../../src/pipeline/reading/read-document.js';
import { windowFor } from '../../../src/services/meter-calls.js';
import { backends } from '../../support/databases.js';
import { statementLines, textPdf } from '../../support/documents.js';
import { observeReader, type ObservedReader } from '../../support/observed-reader.js';
import { analyze, auditRecordsOf, createOrg, startServer, type TestServer } from '../../support/server.js';

/**
 * Issue 10 §1: a client that disconnects before its answer is not billed, and its call still
 * leaves an audit record (status 499, "client closed request"). A real HTTP client uploads a
 * 3-page scan and aborts once the server has started reading it (OCR takes seconds).
 */
async function billable(server: TestServer, organizationId: string): Promise<number> {
  const org = await server.store.getOrganization(organizationId);
  return server.store.billableCalls({ organizationId, counterKey: windowFor(org!, server.clock.now()).counterKey });
}

/** Polls until `read` returns `want` (settling happens after the connection is done). */
async function eventually<T>(read: () => Promise<T>, want: T, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value === want || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const backend of backends()) {
  describe(`a client that leaves before the answer (${backend})`, () => {
    let server: TestServer;
    let reader: ObservedReader;

    before(async () => {
      reader = observeReader(createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1 }));
      server = await startServer({ backend, reader });
    });
    after(async () => {
      await server.close();
      await reader.close();
    });

    test('abort mid-OCR: not billed, reservation given back, audit record 499; the next call is billed', async () => {
      const org = await createOrg(server);
      const scan = await readingFixture('scan3');
      const client = new AbortController();
      const started = reader.nextStart();
      const call = analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: scan }, client.signal);
      await started;
      client.abort();
      await assert.rejects(call, { name: 'AbortError' });

      const [record] = await auditRecordsOf(server, org.organizationId, 1, 30_000);
      assert.equal(record?.statusCode, 499);
      assert.equal(record?.documentType, 'kontoauszug');
      assert.equal(await billable(server, org.organizationId), 0);
      // The reading was withdrawn rather than run to its end for nobody.
      await eventually(async () => reader.finished, 1);

      // The reservation was given back, and a call whose answer is received is billed.
      const ok = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: await textPdf([statementLines()]) });
      assert.equal(ok.status, 200);
      await ok.json();
      assert.equal(await eventually(() => billable(server, org.organizationId), 1), 1);
      const records = await auditRecordsOf(server, org.organizationId, 2);
      assert.deepEqual(records.map((r) => r.statusCode).sort(), [200, 499]);
    });
  });
}
