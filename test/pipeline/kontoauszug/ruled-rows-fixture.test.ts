import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS, type Layout } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { documentLayout } from '../../../src/pipeline/layout/document-layout.js';
import type { PipelineSlots } from '../../../src/pipeline/model/stage.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { kontoauszugStage } from '../../../src/pipeline/stages/kontoauszug/stage.js';

/**
 * Ruled rows (stages/kontoauszug/ruled-rows.ts, issue 21 class 2) on the online-banking
 * printout family: each row between two rules, its type on a small line ABOVE the line with the
 * dates and amount. Read top to bottom, that type line joins the posting above. The document-wide
 * vote of type-above.ts needs three postings whose type lines it knows; a short printout (two
 * postings: a few days' turnover) gives it too little evidence, so every posting took the next
 * one's type. The page's rules say where each row begins.
 */
const layout = (name: string): Layout => LAYOUTS.find((l) => l.name === name)!;

describe('ruled rows (online-banking printout)', () => {
  let reader: ReaderWithStats;
  before(() => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
  });
  after(() => reader.close());

  async function run(pdf: Uint8Array): Promise<PipelineSlots> {
    const document = await reader.read(pdf, 'pdf', { maxPages: 100, signal: new AbortController().signal });
    const slots: PipelineSlots = {};
    await kontoauszugStage.run({ documentType: 'kontoauszug', document, layout: documentLayout(document), signal: new AbortController().signal, slots });
    return slots;
  }

  test('two ruled postings: each keeps the type line printed inside its own row, and its counterparty', async () => {
    for (const seed of [1, 2, 3]) {
      const f = fixtureFor(layout('online-banking-printout'), seed, 2);
      const slots = await run(await textLayerPdf(f));
      const got = slots.tables![0]!.rows;
      const want = f.expected.tables[0]!.rows;
      assert.equal(got.length, want.length, `${f.id}: postings`);
      got.forEach((row, i) => {
        const [date, text, counterparty, amount] = want[i]!;
        assert.equal(row[0], date, `${f.id} row ${i}: date`);
        assert.equal(row[2], counterparty, `${f.id} row ${i}: counterparty`);
        assert.equal(row[3], amount, `${f.id} row ${i}: amount`);
        // The row's type is the line printed inside its own row, first in its text.
        const type = text!.split(' ')[0]!;
        assert.equal(row[1]!.split(' ')[0], type, `${f.id} row ${i}: type (${row[1]})`);
      });
    }
  });
});
