/**
 * A set tax is named by the tax the letter names (issue 22 class 6, batch D's Umsatzsteuer
 * reported as income tax): a Festsetzung row labelled only `Festgesetzt werden` under a column
 * headed by another tax is that tax, never `festgesetzte_einkommensteuer`; under an income-tax
 * column it stays the SPEC key. Real text-layer PDFs through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const notice = (tax: string, statement = ''): Line[][] => [
  [
    'Finanzamt Kassel-Hofgeismar · Goethestraße 43 · 34119 Kassel',
    row(['Herrn', 56], ['Steuernummer', 340], ['026/331/40118', 440]),
    row(['Jonas Brehm', 56], ['Datum', 340], ['14.10.2026', 440]),
    'Wilhelmshöher Allee 200',
    '34121 Kassel',
    '',
    `# Bescheid für 2025 über ${tax}`,
    '',
    statement,
    'Festsetzung',
    row([tax, 270], ['Zinsen', 400], ['insgesamt', 496]),
    row(['EUR', 310], ['EUR', 410], ['EUR', 519]),
    row(['Festgesetzt werden', 56], ['4.212,00', -340], ['36,00', -440], ['4.248,00', -539]),
    'Gegen diesen Bescheid ist der Einspruch gegeben. Die Frist beträgt einen Monat.',
    'Mit freundlichen Grüßen',
    'Ihr Finanzamt',
  ],
];

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('steuerbescheid', pages);

describe('the name of a set tax', () => {
  it('under a Gewerbesteuer column: festgesetzte_gewerbesteuer, not income tax', async () => {
    const a = await analysisOf(notice('Gewerbesteuer'));
    assert.equal(a.key_numbers.festgesetzte_einkommensteuer, undefined, JSON.stringify(a.key_numbers));
    assert.equal(a.key_numbers.festgesetzte_gewerbesteuer?.value, '4.212,00', JSON.stringify(a.key_numbers));
  });

  it('under an Einkommensteuer column: the SPEC key', async () => {
    const a = await analysisOf(notice('Einkommensteuer'));
    assert.equal(a.key_numbers.festgesetzte_einkommensteuer?.value, '4.212,00', JSON.stringify(a.key_numbers));
  });
});

describe('a deviation from the return stated as a fact', () => {
  it('"… wurde von Ihrer Gewerbesteuererklärung abgewichen" raises abweichung_von_erklaerung', async () => {
    const a = await analysisOf(notice('Gewerbesteuer', 'Bei der Festsetzung wurde von Ihrer Gewerbesteuererklärung abgewichen; die Gründe stehen in den Erläuterungen.'));
    assert.ok(a.review_flags.some((f) => f.topic === 'abweichung_von_erklaerung'), JSON.stringify(a.review_flags));
  });
});
