/**
 * Issue 20 §3 "done when": a long fax scan of one organization must not make another
 * organization's one-page text statement wait. A real server with two reading threads (the
 * 2-core production pool), real metering on SQLite, two organizations, real PDFs: A sends 15
 * distinct G4 fax pages of text (one OCR task each, ~1–3 s of a thread apiece); once both
 * threads are reading A's pages, B sends a text-layer statement.
 *
 * B must be answered before A, and without waiting for any of A's pages: B's text layer is read
 * on the light lane that OCR never occupies (worker/fair-queue.ts), not on a thread A frees.
 * Before the light lane, B's read waited for one of A's running pages to finish. No timing is
 * asserted: the order of events is (A's pages read when B was answered, and who answered first).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { faxPdf } from '../../scripts/fixtures/scans.js';
import { scanPages } from '../../scripts/fixtures/texts.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../src/pipeline/reading/read-document.js';
import { statementLines, textPdf } from '../support/documents.js';
import { analyze, createOrg, startServer, type TestServer } from '../support/server.js';

describe('a long scan of one organization and a text statement of another', { timeout: 400_000 }, () => {
  let server: TestServer;
  let reader: ReaderWithStats;

  before(async () => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 2, warmUp: false });
    // The deadline is not what is tested: on a loaded machine 15 pages may take longer than 60 s.
    server = await startServer({ backend: 'sqlite', reader, config: { processingTimeoutMs: 300_000 } });
  });
  after(async () => {
    await server.close();
    await reader.close();
  });

  test("B's text statement is answered while A's 15 scanned pages are read, without waiting for one of A's pages", async (t) => {
    const orgA = await createOrg(server, { tier: 'business', name: 'Faxversand A GmbH' });
    const orgB = await createOrg(server, { tier: 'business', name: 'Kontoauszug B KG' });
    const specs = scanPages();
    const fax = await faxPdf(Array.from({ length: 15 }, (_, i) => specs[i % specs.length]!));
    const statement = await textPdf([statementLines()]);

    const order: string[] = [];
    const ocrBefore = reader.stats().ocrPages;
    const startedAt = performance.now();
    const a = analyze(server.url, orgA.apiKey, { documentType: 'kontoauszug', file: fax }).then(async (res) => {
      order.push('A');
      await res.body?.cancel();
      return { status: res.status, ocrPages: reader.stats().ocrPages - ocrBefore, ms: performance.now() - startedAt };
    });
    // Both threads are reading A's pages (OCR), the rest of A's pages wait.
    while (reader.stats().runningOcr < 2) await new Promise((r) => setTimeout(r, 10));
    const readWhenBSent = reader.stats().ocrPages - ocrBefore;
    const bSentAt = performance.now();
    const b = await analyze(server.url, orgB.apiKey, { documentType: 'kontoauszug', file: statement }).then(async (res) => {
      order.push('B');
      const readWhenBAnswered = reader.stats().ocrPages - ocrBefore;
      const body = (await res.json()) as { pages?: number };
      return { status: res.status, pages: body.pages, readWhenBAnswered, ms: performance.now() - bSentAt };
    });
    const done = await a;
    t.diagnostic(
      `A: HTTP ${done.status} after ${done.ms.toFixed(0)} ms, ${done.ocrPages} pages read; B: HTTP ${b.status} after ${b.ms.toFixed(0)} ms, ` +
        `sent when ${readWhenBSent} and answered when ${b.readWhenBAnswered} of A's pages were read`,
    );

    assert.equal(b.status, 200);
    assert.equal(b.pages, 1);
    assert.deepEqual(order, ['B', 'A'], 'B was answered before A');
    // A's pages are all read (fax letters sent as a kontoauszug: read, then 422 not a statement).
    assert.equal(done.ocrPages, 15, `A had ${done.ocrPages} pages read (HTTP ${done.status})`);
    assert.equal(
      b.readWhenBAnswered,
      readWhenBSent,
      `B waited for ${b.readWhenBAnswered - readWhenBSent} of A's pages to finish before it was answered`,
    );
  });
});
