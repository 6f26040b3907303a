/**
 * A reminder's interest row whose figure OCR read without its decimal comma (issue 22, a property
 * manager's Mahnung as a low-resolution image): `Verzugszinsen … 715€` under an interest
 * breakdown whose column header is `Zinsen`. The interest came back as the breakdown's first row
 * (5,08), a wrong value. Built as OCR'd words at the positions such a table prints them, then
 * analysed by the real layout and analysis steps: the interest is the row's own figure where the
 * key numbers add up only with it, and the check names it; where nothing adds up the row's
 * figure is not guessed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { mahnungAnalyzer } from '../../../src/pipeline/stages/analysis/mahnung/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

type W = [text: string, x: number, y: number];
const cell = ([text, x, y]: W): TextCell => ({ text, bbox: { x, y, width: text.length * 5, height: 7 }, fontSize: 7, source: 'ocr', confidence: 0.95 });
const row = (y: number, ...words: [string, number][]): W[] => words.map(([t, x]) => [t, x, y]);
const doc = (words: W[]): LoadedDocument => ({ format: 'jpeg', pages: [{ number: 1, width: 595, height: 842, source: 'ocr', cells: words.map(cell) }] });

function reminder(interest: string, total: string): W[] {
  return [
    ...row(40, ['Hausverwaltung', 57], ['Beispiel', 140], ['GmbH', 190], ['-', 220], ['Hauptstraße', 230], ['1', 290], ['-', 300], ['04109', 310], ['Leipzig', 340]),
    ...row(120, ['Leipzig,', 341], ['12.05.2026', 421]),
    ...row(150, ['Mahnung', 57], ['-', 109], ['Mietrückstand', 115]),
    ...row(180, ['Posten', 57], ['fällig', 331], ['am', 353], ['Betrag', 512]),
    ...row(194, ['Gesamtmiete', 57], ['April', 115], ['2026', 138], ['07.04.2026', 331], ['845,00', 500], ['€', 535]),
    ...row(208, ['Nachzahlung', 57], ['Betriebskosten', 115], ['31.03.2026', 331], ['286,40', 500], ['€', 535]),
    ...row(222, ['Summe', 57], ['Hauptforderung', 94], ['1.131,40', 490], ['€', 535]),
    ...row(240, ['Zinsberechnung', 56], ['Betrag', 203], ['von', 260], ['bis', 331], ['Tage', 405], ['Zinssatz', 445], ['Zinsen', 510]),
    ...row(254, ['Miete', 57], ['April', 82], ['845,00', 201], ['08.04.2026', 261], ['12.05.2026', 331], ['35', 410], ['6,27%', 451], ['5,08', 520]),
    ...row(268, ['Betriebskosten', 57], ['286,40', 202], ['01.04.2026', 261], ['12.05.2026', 331], ['42', 410], ['6,27%', 451], ['2,07', 520]),
    ...row(282, ['Verzugszinsen', 56], ['(5', 122], ['Prozentpunkte', 133], ['über', 197], ['dem', 218], ['Basiszinssatz)', 240], [interest, 520]),
    ...row(296, ['Mahnkosten', 57], ['5,00', 520], ['€', 535]),
    ...row(310, ['Gesamtbetrag', 56], [total, 490], ['€', 535]),
    ...row(340, ['Bitte', 57], ['überweisen', 78], ['Sie', 130], ['den', 146], ['Gesamtbetrag', 164], ['bis', 227], ['spätestens', 242], ['22.05.2026.', 291]),
  ];
}

describe('an interest row whose decimal comma OCR lost', () => {
  it('is read in cents where the key numbers add up only so, and the check names it', () => {
    const a = analyzeLetter(mahnungAnalyzer, 'mahnung', doc(reminder('715€', '1.143,55')));
    assert.equal(a.key_numbers.zinsen?.value, '7,15€');
    assert.deepEqual(a.checks.map((c) => [c.holds, c.values.zinsen]), [[true, '7,15€']]);
  });

  it('is not guessed where nothing adds up with it', () => {
    const a = analyzeLetter(mahnungAnalyzer, 'mahnung', doc(reminder('715€', '1.150,00')));
    assert.notEqual(a.key_numbers.zinsen?.value, '7,15€');
  });

  it('a row read with its comma is read as printed', () => {
    const a = analyzeLetter(mahnungAnalyzer, 'mahnung', doc(reminder('7,15€', '1.143,55')));
    assert.equal(a.key_numbers.zinsen?.value, '7,15€');
    assert.equal(a.checks[0]?.holds, true);
  });
});
