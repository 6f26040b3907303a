/**
 * The layout as one step of the runner (model/layout.ts, layout/document-layout.ts): timed as
 * `layout` between reading and the first stage, made once per document and shared by every
 * stage, and never changed by a stage that annotates lines.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentLayout } from '../../src/pipeline/layout/document-layout.js';
import type { LoadedDocument } from '../../src/pipeline/model/document.js';
import type { DocumentReader } from '../../src/pipeline/model/reader.js';
import type { PipelineDefinition, PipelineSlots, Stage } from '../../src/pipeline/model/stage.js';
import { buildPipelineRegistry } from '../../src/pipeline/pipelines.js';
import { layoutParts, runPipeline } from '../../src/pipeline/run-pipeline.js';
import { extractAccounts } from '../../src/pipeline/stages/kontoauszug/engine.js';
import { kontoauszugStage } from '../../src/pipeline/stages/kontoauszug/stage.js';
import { synthDoc, type SynthLine } from './kontoauszug/synthetic.js';

/** A statement whose value dates are printed `DD.MM` under "Valuta": the stage makes them date tokens. */
const VALUTA_PAGE: SynthLine[] = [
  [50, 40, 'Musterbank AG Kontoauszug vom 31.03.2026 Zeitraum 01.03.2026 bis 31.03.2026'],
  [50, 88, 'Angaben zu den Umsätzen'],
  [330, 88, 'Valuta'],
  [455, 88, 'zu Ihren Lasten', true],
  [545, 88, 'zu Ihren Gunsten', true],
  [50, 100, 'Alter Kontostand vom 28.02.2026'],
  [545, 100, '100,00', true],
  [50, 114, 'Buchungsdatum: 05.03.2026'],
  [50, 127, 'Stadtwerke Musterstadt'],
  [330, 127, '04.03'],
  [455, 127, '45,00-', true],
  [50, 137, 'Lastschrift'],
  [50, 163, 'Erika Musterfrau'],
  [330, 163, '05.03'],
  [545, 163, '20,00', true],
  [50, 173, 'Gutschrift'],
  [50, 218, 'Neuer Kontostand vom 31.03.2026'],
  [545, 218, '75,00', true],
];

const replay = (document: LoadedDocument): DocumentReader => ({ read: async () => document, close: async () => undefined });
const run = (pipeline: PipelineDefinition, document: LoadedDocument) =>
  runPipeline(pipeline, { bytes: new Uint8Array(), kind: 'pdf' }, { reader: replay(document), maxPages: 10, timeoutMs: 30_000 });

describe('the layout step', () => {
  test('is timed as its own step, after reading and before the stages', async () => {
    const result = await run(buildPipelineRegistry().kontoauszug, synthDoc(VALUTA_PAGE));
    assert.equal(result.status, 'success');
    assert.deepEqual(result.timings.map((t) => t.stage), ['read', 'layout', 'classify', 'kontoauszug']);
  });

  test('makes the parts the pipeline reads, and every stage reads the same lines', async () => {
    const registry = buildPipelineRegistry();
    assert.deepEqual(layoutParts(registry.kontoauszug).sort(), ['statementLines', 'text']);
    assert.deepEqual(layoutParts(registry.mahnung).sort(), ['letterLines', 'letterPages', 'statementLines', 'text']);
    const seen: unknown[] = [];
    const probe = (name: string): Stage => ({ name, layoutParts: () => ['statementLines'], run: (ctx) => void seen.push(ctx.layout.statementLines) });
    const result = await run({ ...registry.kontoauszug, stages: [probe('a'), probe('b')] }, synthDoc(VALUTA_PAGE));
    assert.equal(result.status, 'failure'); // no stage wrote the tables: "not available"
    assert.equal(seen.length, 2);
    assert.equal(seen[0], seen[1]);
  });

  test('a part is made once per document: read twice, the same lines', () => {
    const layout = documentLayout(synthDoc(VALUTA_PAGE));
    assert.equal(layout.statementLines, layout.statementLines);
    assert.equal(layout.letterPages, layout.letterPages);
  });

  test('the kontoauszug stage annotates its own copies, never the shared lines', () => {
    const doc = synthDoc(VALUTA_PAGE);
    const layout = documentLayout(doc);
    const before = JSON.stringify(layout.statementLines);
    const slots: PipelineSlots = {};
    void kontoauszugStage.run({ documentType: 'kontoauszug', document: doc, layout, signal: new AbortController().signal, slots });
    // The stage did mark the Valuta dates (on its copies): the value date is read…
    assert.equal(extractAccounts(doc, layout)[0]!.rows[0]!.otherDate, '04.03.2026');
    // …and the shared lines are as the layout made them.
    assert.equal(JSON.stringify(layout.statementLines), before);
    assert.deepEqual(
      slots.tables![0]!.rows.map((r) => r[3]),
      ['-45,00', '20,00'],
    );
  });
});
