/**
 * The reading pool is shared fairly between organizations (issue 10 item 3): one
 * organization's long OCR job must not stall another's 1-page text statement. A real server
 * with a one-thread pool: organization A sends a 3-page scan (one OCR task per page);
 * organization B's statement, sent once A's pages are being read, is answered while A's pages
 * still wait — its reading task takes the next free thread, not the end of A's queue.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readingFixture } from '../../scripts/fixtures/generate.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../src/pipeline/reading/read-document.js';
import { statementLines, textPdf } from '../support/documents.js';
import { analyze, createOrg, startServer, type TestServer } from '../support/server.js';

describe('fair share of the reading pool between organizations', () => {
  let server: TestServer;
  let reader: ReaderWithStats;

  before(async () => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
    server = await startServer({ backend: 'sqlite', reader });
  });
  after(async () => {
    await server.close();
    await reader.close();
  });

  test("a second organization's text statement is served before the first one's OCR queue drains", async () => {
    const orgA = await createOrg(server, { tier: 'business' });
    const orgB = await createOrg(server, { tier: 'business' });
    const scan = await readingFixture('scan3');
    const statement = await textPdf([statementLines()]);

    const order: string[] = [];
    const a = analyze(server.url, orgA.apiKey, { documentType: 'kontoauszug', file: scan }).then(async (res) => {
      order.push('A');
      await res.body?.cancel();
      return res.status;
    });
    // A's text-layer task is done and its first page holds the thread; the other two wait.
    while (reader.stats().completed < 1 || reader.stats().queued < 2) await new Promise((r) => setTimeout(r, 20));
    const b = analyze(server.url, orgB.apiKey, { documentType: 'kontoauszug', file: statement }).then(async (res) => {
      order.push('B');
      const queuedThen = reader.stats().queued + reader.stats().running;
      assert.equal(res.status, 200);
      await res.body?.cancel();
      return queuedThen;
    });
    const aPagesLeft = await b;
    await a;
    assert.deepEqual(order, ['B', 'A'], 'B answered first');
    assert.ok(aPagesLeft >= 1, `A still had pages waiting or running when B was answered (${aPagesLeft})`);
  });
});
