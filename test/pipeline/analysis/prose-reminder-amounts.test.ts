/**
 * A reminder written only in running text (issue 22, batch F): an authority's claim arises from
 * its Bescheid as a trader's from its Rechnung ("nach dem Gebührenbescheid vom … war die Gebühr …
 * in Höhe von 84,00 € fällig"), and the letter closes with what is owed in all ("Sie schulden
 * damit insgesamt 87,00 €"). Both are key numbers. Our own reminder on that structure, a real
 * text-layer PDF through the real pipeline.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());

const reminder: Line[][] = [
  [
    'Gemeinde Wedemark · Gemeindekasse · Fritz-Sennheiser-Platz 1 · 30900 Wedemark',
    row(['Frau', 56], ['Kassenzeichen', 350], ['4.3100.77812', 450]),
    row(['Ilka Brammer', 56], ['Datum', 350], ['11.06.2026', 450]),
    'Am Bahnhof 2',
    '30900 Wedemark',
    '',
    '# Mahnung',
    '',
    'Sehr geehrte Frau Brammer,',
    'nach dem Gebührenbescheid vom 20.02.2026 war die Abfallgebühr für das zweite Quartal 2026 in',
    'Höhe von 84,00 € am 15.05.2026 fällig. Eine Zahlung ist bisher nicht eingegangen. Für diese',
    'Mahnung wird eine Mahngebühr von 3,00 € erhoben. Sie schulden damit insgesamt 87,00 €.',
    'Bitte überweisen Sie den Betrag bis spätestens 25.06.2026. Andernfalls wird er im Wege der',
    'Zwangsvollstreckung beigetrieben.',
    'Mit freundlichen Grüßen',
  ],
];

describe('a reminder only in running text', () => {
  it('reads the claim from the Bescheid sentence and the total from "insgesamt"', async () => {
    const r = await runPipeline(buildPipelineRegistry().mahnung, { bytes: await makeTextPdf(letterPageSpecs(reminder)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
    assert.equal(r.status, 'success', r.status === 'failure' ? r.publicMessage : '');
    assert.ok(r.status === 'success' && r.output.kind === 'analysis');
    const k = r.output.analysis.key_numbers;
    assert.equal(k.hauptforderung?.value, '84,00 €', JSON.stringify(k));
    assert.equal(k.gesamtforderung?.value, '87,00 €', JSON.stringify(k));
    assert.equal(r.output.analysis.checks.find((c) => c.rule.startsWith('hauptforderung'))?.holds, true, JSON.stringify(r.output.analysis.checks));
  });
});
