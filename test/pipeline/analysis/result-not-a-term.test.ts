/**
 * A result is the end of an assessment's arithmetic, never a term of it (issue 22, batch G's
 * inheritance-tax notice): a gift or inheritance tax notice lists what was acquired — `Guthaben
 * auf Girokonten`, securities, land — and adds it up to `Summe des Erwerbs`. "Guthaben" also
 * names a refund, and the asset row came back as `erstattung`, a refund the letter never states.
 * A row whose figure, with the rows around it in its column, adds up to a total printed below is
 * a part of that total — in any of its columns, as OCR may misread a digit of one — and is left out as a result (no value rather than a wrong one). The same
 * word as the Abrechnung's last row stays the refund. Real text-layer PDFs through the real
 * pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const head: Line[] = [
  'Finanzamt Wetzlar · Schenkungsteuerstelle · Frankfurter Straße 59 · 35578 Wetzlar',
  row(['Frau', 56], ['Steuernummer', 340], ['16/200/41177', 440]),
  row(['Ingrid Hahn', 56], ['Datum', 340], ['05.02.2026', 440]),
  'Lahnstraße 12',
  '35578 Wetzlar',
  '',
];

const gift: Line[][] = [
  [
    ...head,
    '# Bescheid über Schenkungsteuer',
    'Die Schenkungsteuer wird festgesetzt auf 4.410,00 €',
    '',
    '## Berechnung',
    row(['Zuwendung vom 12.09.2025', 75], ['Wert', -539]),
    row(['Guthaben auf Girokonten', 75], ['64.200,00 €', -539]),
    row(['Wertpapierdepot', 75], ['31.450,00 €', -539]),
    row(['Summe des Erwerbs', 75], ['95.650,00 €', -539]),
    row(['abzüglich Freibetrag (§ 16 Abs. 1 Nr. 5 ErbStG)', 75], ['20.000,00 €', -539]),
    row(['steuerpflichtiger Erwerb (abgerundet)', 75], ['75.600,00 €', -539]),
    row(['Steuersatz 15 %', 75], ['11.340,00 €', -539]),
    'Bitte zahlen Sie den festgesetzten Betrag bis zum 09.03.2026.',
    '',
    '## Rechtsbehelfsbelehrung',
    'Der Bescheid kann mit dem Einspruch angefochten werden. Die Frist beträgt einen Monat.',
  ],
];

/** An estate and the heir's half side by side; the estate's total as OCR misread a digit of it. */
const estate: Line[][] = [
  [
    ...head,
    '# Bescheid über Erbschaftsteuer',
    'Die Erbschaftsteuer wird festgesetzt auf 2.835,00 €',
    '',
    '## Berechnung',
    row(['Nachlass', 300], ['Ihr Anteil 1/2', -539]),
    row(['Guthaben bei Banken', 75], ['52.400,00 €', -400], ['26.200,00 €', -539]),
    row(['Hausrat', 75], ['14.000,00 €', -400], ['7.000,00 €', -539]),
    row(['Summe', 75], ['66.480,00 €', -400], ['33.200,00 €', -539]),
    row(['Erbschaftsteuer', 75], ['2.835,00 €', -539]),
    '',
    '## Rechtsbehelfsbelehrung',
    'Der Bescheid kann mit dem Einspruch angefochten werden. Die Frist beträgt einen Monat.',
  ],
];

const refund: Line[][] = [
  [
    ...head,
    '# Bescheid für 2024 über Einkommensteuer',
    '',
    '## Abrechnung',
    row(['festgesetzt werden', 75], ['3.905,00 €', -539]),
    row(['abzüglich Steuerabzug vom Lohn', 75], ['4.217,40 €', -539]),
    row(['Guthaben', 75], ['312,40 €', -539]),
    'Der Betrag wird auf Ihr Konto überwiesen.',
    '',
    '## Rechtsbehelfsbelehrung',
    'Der Bescheid kann mit dem Einspruch angefochten werden. Die Frist beträgt einen Monat.',
  ],
];

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('steuerbescheid', pages);

describe('a result is never a term of a sum', () => {
  it('an asset row that adds up to the sum of the acquisition is no refund', async () => {
    const a = await analysisOf(gift);
    assert.equal(a.key_numbers.erstattung, undefined, JSON.stringify(a.key_numbers));
    assert.equal(a.key_numbers.nachzahlung, undefined, JSON.stringify(a.key_numbers));
  });
  it('a column that still adds up makes the row a part where the other was misread', async () => {
    const a = await analysisOf(estate);
    assert.equal(a.key_numbers.erstattung, undefined, JSON.stringify(a.key_numbers));
  });
  it('the same word as the last row of the Abrechnung stays the refund', async () => {
    const a = await analysisOf(refund);
    assert.equal(a.key_numbers.erstattung?.value, '312,40 €', JSON.stringify(a.key_numbers));
  });
});
