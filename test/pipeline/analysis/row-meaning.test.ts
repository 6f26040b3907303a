/**
 * Column meaning and the arithmetic of letters (issue 12, classes 1, 2 and 4), on real
 * text-layer PDFs read by the real reader: a table row's amount is never its rate or base; a
 * year-to-date or earlier-month column is not the month's value; interest is judged per half-year
 * of its period; standard paragraphs raise no flag.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { GENERATORS } from '../../../scripts/fixtures/analysis/index.js';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterPageSpecs } from '../../../scripts/fixtures/analysis/unseen/pages.js';
import { makeTextPdf } from '../../../scripts/fixtures/text-pdf.js';
import { documentTextLines } from '../../../src/pipeline/layout/text-lines.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { buildPipelineRegistry } from '../../../src/pipeline/pipelines.js';
import { runPipeline } from '../../../src/pipeline/run-pipeline.js';
import { STANDARD_PARAGRAPHS } from '../../../src/pipeline/stages/analysis/common/boilerplate.js';
import { rowAmount, rowFigures } from '../../../src/pipeline/stages/analysis/common/row-figures.js';
import { interestProblem } from '../../../src/pipeline/stages/analysis/mahnung/interest.js';
import { openSignal, testReader } from '../helpers.js';

const reader = testReader();
after(() => reader.close());
const registry = buildPipelineRegistry();

async function linesOf(lines: Line[]) {
  const doc = await reader.read(await makeTextPdf(letterPageSpecs([lines])), 'pdf', { maxPages: 2, signal: openSignal() });
  return documentTextLines(doc);
}

async function analysisOf(type: keyof typeof GENERATORS, pages: Line[][]): Promise<Analysis> {
  const r = await runPipeline(registry[type], { bytes: await makeTextPdf(letterPageSpecs(pages)), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
  assert.equal(r.status, 'success');
  assert.ok(r.status === 'success' && r.output.kind === 'analysis');
  return r.output.analysis;
}

describe('the meaning of each number in a row', () => {
  it('rate, base and amount: the amount is the figure that is rate × base', async () => {
    const lines = await linesOf([row(['Krankenversicherung', 56], ['8,55 %', -300], ['3.920,00', -420], ['335,16', -539])]);
    const figures = rowFigures(lines[0]!, 1, lines);
    assert.deepEqual(figures.map((f) => f.role), ['rate', 'base', 'amount']);
    assert.equal(rowAmount(figures)?.printed, '335,16');
  });

  it('interest: "aus" marks the base, the period is passed over, the amount ends the row', async () => {
    const lines = await linesOf([row(['Zinsen 12,00 % aus 1.250,00 € vom 01.02.2025 bis 30.06.2025', 56], ['15,23 €', -539])]);
    const figures = rowFigures(lines[0]!, 1, lines);
    assert.equal(figures.find((f) => f.kind === 'percent')?.printed, '12,00 %');
    assert.equal(rowAmount(figures)?.printed, '15,23 €');
  });

  it('a header decides: month vs. year to date, employee vs. employer share', async () => {
    const lines = await linesOf([
      row(['Lohnart', 56], ['lfd. Monat', -420], ['kumuliert', -539]),
      row(['Lohnsteuer', 56], ['412,00', -420], ['4.944,00', -539]),
      '',
      row(['Beitrag', 56], ['AG-Anteil', -420], ['AN-Anteil', -539]),
      row(['Rentenversicherung', 56], ['325,50', -420], ['325,51', -539]),
    ]);
    const tax = lines.find((l) => l.text.startsWith('Lohnsteuer'))!;
    assert.equal(rowAmount(rowFigures(tax, 1, lines))?.printed, '412,00');
    const rv = lines.find((l) => l.text.startsWith('Rentenversicherung'))!;
    assert.equal(rowAmount(rowFigures(rv, 1, lines))?.printed, '325,51');
  });

  it('two label–value pairs on one printed line: a label with an abbreviation (RV-Beitrag) ends the first pair', async () => {
    // A payslip printing gross items at the left and deductions at the right on the same lines:
    // the base belongs to `SV-Brutto KV/PV`, the rate and amount to `RV-Beitrag`.
    const lines = await linesOf([row(['SV-Brutto KV/PV', 56], ['4.852,94', -290], ['RV-Beitrag', 310], ['9,3 %', 380], ['451,32', -539])]);
    const figures = rowFigures(lines[0]!, 2, lines);
    assert.deepEqual(figures.map((f) => f.printed), ['4.852,94']);
  });

  it('side-by-side months: the rightmost month is the one billed', async () => {
    const lines = await linesOf([row(['Position', 56], ['Februar 2026', -420], ['März 2026', -539]), row(['Nettoverdienst', 56], ['2.183,22', -420], ['1.849,95', -539])]);
    const net = lines.find((l) => l.text.startsWith('Nettoverdienst'))!;
    assert.equal(rowAmount(rowFigures(net, 1, lines))?.printed, '1.849,95');
  });
});

const payslip = (net: string): Line[][] => [
  [
    'Muster GmbH · Personalabteilung · Hauptstraße 1 · 10115 Berlin',
    '',
    '# Entgeltabrechnung März 2026',
    lv('Steuerklasse', '1'),
    '',
    row(['Bezeichnung', 56], ['Satz', -330], ['Basis', -430], ['Betrag', -539]),
    row(['Gehalt', 56], ['', -330], ['', -430], ['4.000,00', -539]),
    row(['Gesamtbrutto', 56], ['', -330], ['', -430], ['4.000,00', -539]),
    row(['Lohnsteuer', 56], ['', -330], ['', -430], ['566,41', -539]),
    row(['Krankenversicherung', 56], ['8,75 %', -330], ['4.000,00', -430], ['350,00', -539]),
    row(['Pflegeversicherung', 56], ['1,80 %', -330], ['4.000,00', -430], ['72,00', -539]),
    row(['Rentenversicherung', 56], ['9,30 %', -330], ['4.000,00', -430], ['372,00', -539]),
    row(['Arbeitslosenversicherung', 56], ['1,30 %', -330], ['4.000,00', -430], ['52,00', -539]),
    row(['Nettoverdienst', 56], ['', -330], ['', -430], [net, -539]),
    row(['Auszahlungsbetrag', 56], ['', -330], ['', -430], [net, -539]),
  ],
];

describe('analysis.checks on a payslip with rate / base / amount columns', () => {
  it('the amounts, not the rates, are the key numbers, and gross − deductions = net holds', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('2.587,59'));
    assert.equal(a.key_numbers.krankenversicherung?.value, '350,00');
    assert.equal(a.key_numbers.rentenversicherung?.value, '372,00');
    const net = a.checks.find((c) => c.rule.startsWith('gesamtbrutto'));
    assert.equal(net?.holds, true);
    assert.equal(net?.values.nettoverdienst, '2.587,59');
    assert.ok(!a.review_flags.some((f) => f.topic === 'netto_rechnung' || f.topic === 'sozialversicherung'), JSON.stringify(a.review_flags));
  });

  it('a net that does not add up fails the check and raises netto_rechnung', async () => {
    const a = await analysisOf('lohnabrechnung', payslip('2.578,59'));
    assert.equal(a.checks.find((c) => c.rule.startsWith('gesamtbrutto'))?.holds, false);
    assert.ok(a.review_flags.some((f) => f.topic === 'netto_rechnung'));
  });
});

describe('interest judged per half-year of its period', () => {
  const d = (s: string) => ({ year: Number(s.slice(6)), month: Number(s.slice(3, 5)), day: Number(s.slice(0, 2)) });
  it('7,27 % for the first half of 2025 (base 2,27 + 5) is lawful, whenever the letter is written', () => {
    assert.equal(interestProblem({ rate: 7.27, base: 125_000, from: d('01.01.2025'), to: d('30.06.2025'), amount: null, text: '' }, false), null);
  });
  it('7,27 % for the second half of 2025 (base 1,27 + 5) is too high', () => {
    assert.match(interestProblem({ rate: 7.27, base: 125_000, from: d('01.07.2025'), to: d('31.12.2025'), amount: null, text: '' }, false) ?? '', /über dem gesetzlichen Verzugszins/);
  });
  it('an amount above the legal interest of its period is too high even at a lawful rate', () => {
    assert.match(interestProblem({ rate: 7.27, base: 125_000, from: d('01.01.2025'), to: d('30.06.2025'), amount: 9_000, text: '' }, false) ?? '', /übersteigen/);
  });
});

describe('standard paragraphs are no finding', () => {
  for (const type of Object.keys(STANDARD_PARAGRAPHS) as (keyof typeof STANDARD_PARAGRAPHS)[]) {
    it(`${type}: the collected standard paragraphs add no flag to a letter`, async () => {
      const fixture = GENERATORS[type](7);
      const plain = await runPipeline(registry[type], { bytes: await makeTextPdf(fixture.pages), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
      const last = fixture.pages.at(-1)!;
      const y = Math.max(...last.map((l) => l.y));
      const extra = Object.assign(
        STANDARD_PARAGRAPHS[type].flatMap((p, i) => [{ x: 56.69, y: y + 30 + i * 28, text: p.slice(0, 95), size: 9 }, { x: 56.69, y: y + 42 + i * 28, text: p.slice(95), size: 9 }].filter((l) => l.text)),
        {},
      );
      const pages = [...fixture.pages.slice(0, -1), Object.assign([...last, ...extra], { size: last.size })];
      const withParagraphs = await runPipeline(registry[type], { bytes: await makeTextPdf(pages), kind: 'pdf' }, { reader, maxPages: 5, timeoutMs: 60_000 });
      const topics = (r: typeof plain) => (r.status === 'success' && r.output.kind === 'analysis' ? r.output.analysis.review_flags.map((f) => f.topic).sort() : ['failed']);
      assert.deepEqual(topics(withParagraphs), topics(plain));
    });
  }
});
