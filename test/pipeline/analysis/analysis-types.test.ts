/**
 * The five analysis pipelines on generated text-layer PDFs (scripts/fixtures/analysis): three
 * layouts per type, the real reading layer and the real registry. Every key number of the
 * ground truth must come back with its value and page, every planted flag must be raised and
 * no other; the summary names the subtype and invents no amount.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ANALYSIS_TYPES, GENERATORS } from '../../../scripts/fixtures/analysis/index.js';
import { scoreAnalysis } from '../../../scripts/fixtures/analysis/score.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import type { LoadedDocument } from '../../../src/pipeline/model/document.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { steuerbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/steuerbescheid/index.js';
import { lohnabrechnungAnalyzer } from '../../../src/pipeline/stages/analysis/lohnabrechnung/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';
import { openSignal, testReader } from '../helpers.js';

const reader = testReader({ workerPoolSize: 1 });
after(() => reader.close());
const registry = buildPipelineRegistry();

async function run(type: (typeof ANALYSIS_TYPES)[number], pdf: Uint8Array): Promise<Analysis> {
  const result = await runPipeline(registry[type], { bytes: pdf, kind: 'pdf' }, { reader, maxPages: 20, timeoutMs: 60_000 });
  assert.equal(result.status, 'success', JSON.stringify(result));
  assert.ok(result.status === 'success' && result.output.kind === 'analysis');
  return result.output.analysis;
}

const SUBTYPE: Record<string, RegExp> = {
  steuerbescheid: /Einkommensteuerbescheid/,
  lohnabrechnung: /abrechnung/i,
  mahnung: /Inkassoschreiben|Mahnung|Zahlungserinnerung/,
  kuendigung: /Kündigung eines (Arbeitsverhältnisses|Mietverhältnisses|Vertrags)/,
  bussgeldbescheid: /Bußgeldbescheid|Verwarnung/,
};

describe('analysis pipelines on generated text-layer PDFs', () => {
  for (const type of ANALYSIS_TYPES) {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      it(`${type} #${seed}: key numbers with pages, planted flags, nothing without cause`, async () => {
        const fixture = GENERATORS[type](seed);
        const analysis = await run(type, await makeTextPdf(fixture.pages));
        const score = scoreAnalysis(fixture, analysis);
        assert.deepEqual({ missed: score.missedKeys, wrong: score.wrongKeys }, { missed: [], wrong: [] });
        assert.equal(score.keyPageRight, score.keyFound, 'pages');
        assert.deepEqual(score.missedFlags, [], 'expected flags');
        assert.deepEqual(score.extraFlags, [], 'flags without cause');
        // Summary: German, 2–5 sentences, names the subtype, every amount in it is printed in the document.
        const sentences = analysis.summary.split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ])/u);
        assert.ok(sentences.length >= 2 && sentences.length <= 5, analysis.summary);
        assert.match(analysis.summary, SUBTYPE[type]!);
        const printed = fixture.pages.flat().map((l) => l.text).join(' ');
        for (const amount of analysis.summary.match(/\d{1,3}(?:\.\d{3})*,\d{2}/g) ?? []) assert.ok(printed.includes(amount), `summary invents ${amount}`);
        // Sections in document order, with pages.
        assert.ok(analysis.sections.length >= 2, JSON.stringify(analysis.sections.map((s) => s.title)));
        const pages = analysis.sections.map((s) => s.page);
        assert.deepEqual([...pages].sort((a, b) => a - b), pages);
        // Deadline flags name the computed date.
        for (const flag of analysis.review_flags) {
          if (['einspruchsfrist', 'klagefrist', 'zahlungsfrist', 'arbeitssuchend_melden'].includes(flag.topic)) assert.match(flag.description, /\d{2}\.\d{2}\.\d{4}/);
        }
      });
    }
  }

  it('steuerbescheid: sections include Festsetzung, Berechnung, Erläuterungen and Rechtsbehelfsbelehrung on their pages', async () => {
    const fixture = GENERATORS.steuerbescheid(1);
    const analysis = await run('steuerbescheid', await makeTextPdf(fixture.pages));
    const byTitle = Object.fromEntries(analysis.sections.map((s) => [s.title.split(' ')[0], s.page]));
    assert.equal(byTitle['Festsetzung'], 1);
    assert.equal(byTitle['Berechnung'], 2);
    assert.equal(byTitle['Erläuterungen'], 3);
    assert.equal(byTitle['Rechtsbehelfsbelehrung'], 4);
  });
});

/** OCR-like noise on the words of a read document: lost umlaut dots, l→i, doubled letters. */
function noisy(doc: LoadedDocument): LoadedDocument {
  const swap = (t: string, i: number) =>
    i % 3 === 0 ? t.replace(/ä/g, 'a').replace(/ü/g, 'u').replace(/ö/g, 'o') : i % 3 === 1 ? t.replace(/l(?=[a-z])/, 'i') : t.replace(/ss/, 'B');
  return { ...doc, pages: doc.pages.map((p) => ({ ...p, source: 'ocr', cells: p.cells.map((c, i) => ({ ...c, source: 'ocr', confidence: 0.8, text: /\d/.test(c.text) ? c.text : swap(c.text, i) })) })) };
}

describe('label matching survives OCR noise', () => {
  for (const [type, analyzer] of [['steuerbescheid', steuerbescheidAnalyzer], ['lohnabrechnung', lohnabrechnungAnalyzer]] as const) {
    it(`${type}: key numbers are still found on noisy words`, async () => {
      for (const seed of [1, 2, 3]) {
        const fixture = GENERATORS[type](seed);
        const doc = await reader.read(await makeTextPdf(fixture.pages), 'pdf', { maxPages: 10, signal: openSignal() });
        const analysis = analyzeLetter(analyzer as typeof steuerbescheidAnalyzer, type, noisy(doc));
        const score = scoreAnalysis(fixture, analysis);
        assert.ok(score.keyFound / score.keyExpected >= 0.9, `${seed}: ${JSON.stringify(score.missedKeys)} ${JSON.stringify(score.wrongKeys)}`);
      }
    });
  }
});
