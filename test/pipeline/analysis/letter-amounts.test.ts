/**
 * Amounts a letter sets or demands (issue 22), on real text-layer PDFs read by the real reader
 * and the real pipeline: a Festsetzung with the taxes as columns gives the Nachzahlung /
 * Erstattung printed below it only where its rows add up to it.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());
const registry = buildPipelineRegistry();

async function analysisOf(type: keyof typeof registry, pages: Line[][]): Promise<Analysis> {
  const r = await runPipeline(registry[type], { bytes: await makeTextPdf(letterPageSpecs(pages)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
  assert.equal(r.status, 'success');
  assert.ok(r.status === 'success' && r.output.kind === 'analysis');
  return r.output.analysis;
}

const key = (a: Analysis, name: string) => (a.key_numbers as Record<string, { value: string } | undefined>)[name]?.value;

/** A tax assessment whose Festsetzung has the taxes as columns; `result` is the prose line below. */
function taxesAsColumns(rows: [string, string, string, string][], heading: string, result: string): Line[][] {
  return [
    [
      'Finanzamt Karlsruhe-Durlach · Prinzessenstraße 2 · 76227 Karlsruhe',
      '',
      row(['Herrn', 56], ['Steuernummer', 340], ['34/118/40772', 440]),
      row(['Oliver Kienzler', 56], ['Datum', 340], ['27.10.2025', 440]),
      row(['Grötzinger Straße 22', 56]),
      row(['76227 Karlsruhe', 56]),
      '',
      '# Bescheid für 2024 über Einkommensteuer,',
      '# Solidaritätszuschlag und Kirchensteuer',
      '',
      '# Festsetzung',
      row(['', 56], ['Einkommensteuer', -330], ['Solidaritätszuschl.', -440], ['Kirchensteuer rk', -539]),
      row(['', 56], ['EUR', -330], ['EUR', -440], ['EUR', -539]),
      ...rows.map(([label, a, b, c]) => row([label, 56], [a, -330], [b, -440], [c, -539])),
      '',
      `# ${heading}`,
      result,
      '',
      '# Rechtsbehelfsbelehrung',
      'Der Bescheid kann mit dem Einspruch angefochten werden. Die Frist für die Einlegung des Einspruchs beträgt einen Monat.',
    ],
  ];
}

describe('a Festsetzung with the taxes as columns', () => {
  const rows: [string, string, string, string][] = [
    ['Festgesetzt werden', '9.850,00', '0,00', '788,00'],
    ['abzüglich Steuerabzug vom Lohn', '8.522,00', '0,00', '681,76'],
    ['verbleibende Beträge', '1.328,00', '0,00', '106,24'],
  ];

  it('the amount to pay printed in prose below it is the Nachzahlung, with its check and flag', async () => {
    const a = await analysisOf('steuerbescheid', taxesAsColumns(rows, 'Nachzahlung', 'Insgesamt zu zahlen: 1.434,24 €. Fällig am 01.12.2025.'));
    assert.equal(key(a, 'nachzahlung'), '1.434,24');
    assert.equal(key(a, 'erstattung'), undefined);
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
    assert.ok(a.review_flags.some((f) => f.topic === 'nachzahlung'));
    assert.match(a.summary, /1\.434,24/);
  });

  it('an amount below the table that the rows do not add up to is not reported as the Nachzahlung', async () => {
    const a = await analysisOf('steuerbescheid', taxesAsColumns(rows, 'Nachzahlung', 'Insgesamt zu zahlen: 1.434,00 €. Fällig am 01.12.2025.'));
    assert.equal(key(a, 'nachzahlung'), undefined);
    assert.equal(key(a, 'erstattung'), undefined);
  });

  it('more credited than fixed: the amount below is the Erstattung', async () => {
    const refund: [string, string, string, string][] = [
      ['Festgesetzt werden', '9.850,00', '0,00', '788,00'],
      ['abzüglich Steuerabzug vom Lohn', '10.100,00', '0,00', '808,00'],
      ['verbleibende Beträge', '-250,00', '0,00', '-20,00'],
    ];
    const a = await analysisOf('steuerbescheid', taxesAsColumns(refund, 'Erstattung', 'Sie erhalten 270,00 € auf Ihr Konto zurück.'));
    assert.match(key(a, 'erstattung') ?? '', /^270,00/);
    assert.equal(key(a, 'nachzahlung'), undefined);
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
  });
});
