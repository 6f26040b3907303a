/**
 * A reminder's total whose figure OCR read with a digit lost (issue 22, low-resolution images:
 * the bold `Gesamtbetrag ……… 354,30 €` of a fee reminder behind a dotted leader came back as
 * `54,30 €` and was answered as the total). Built as OCR'd words at the positions such a letter
 * prints them, through the real layout and analysis steps: the rows above the total in its column
 * say what it must be; a reading that is their sum with digits lost is refused, and the sum is
 * taken only where the letter prints it once more. A text layer is read as printed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument } from '../../../src/pipeline/model/document.js';
import { mahnungAnalyzer } from '../../../src/pipeline/stages/analysis/mahnung/index.js';
import { lostDigits } from '../../../src/pipeline/stages/analysis/common/misread-total.js';
import { analyzeLetter } from '../../support/analyze-letter.js';
import { cell, type PlacedWord, words } from '../../support/placed-words.js';

function letter(placed: PlacedWord[], source: 'ocr' | 'pdf'): LoadedDocument {
  const cells = placed.map((w) => ({ ...cell(w), source, confidence: source === 'ocr' ? 0.8 : 1 }));
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells }] };
}

/** A day-care fee reminder: two fee rows, the reminder fee, the total as OCR read it, and the transfer sentence; `rows` as OCR read them. */
function reminder(total: string, transfer: string | null, rows: [string, string, string] = ['215,00', '48,40', '5,00']): PlacedWord[] {
  const amount = (text: string, y: number): PlacedWord[] => [[text, 452 - (text.length - 4) * 6, y], ['€', 480, y]];
  return [
    ...words(50, 56, 'Gemeinde Talheim · Kindertagesstätte Sonnenhügel · Kirchgasse 4 · 74388 Talheim'),
    ...words(130, 56, 'Herrn Jonas Albrecht'),
    ...words(144, 56, 'Lindenweg 9'),
    ...words(158, 56, '74388 Talheim'),
    ...words(190, 380, 'Talheim, 02.06.2026'),
    ...words(230, 56, 'Mahnung'),
    ...words(260, 56, 'Sehr geehrter Herr Albrecht,'),
    ...words(280, 56, 'die folgenden Beiträge für Ihr Kind sind trotz Fälligkeit nicht eingegangen:'),
    ...words(310, 56, 'Elternbeitrag Mai 2026 ......................'),
    ...amount(rows[0], 310),
    ...words(324, 56, 'Verpflegungsgeld Mai 2026 ..................'),
    ...amount(rows[1], 324),
    ...words(338, 56, 'Mahngebühr ..................................'),
    ...amount(rows[2], 338),
    ...words(352, 56, 'Gesamtbetrag .nnnenenn'),
    ...amount(total, 352),
    ...(transfer ? words(390, 56, `Überweisen Sie bitte ${transfer} € bis zum 19.06.2026 auf das Konto der Gemeindekasse.`) : words(390, 56, 'Überweisen Sie bitte den Betrag bis zum 19.06.2026 auf das Konto der Gemeindekasse.')),
    ...words(420, 56, 'Mit freundlichen Grüßen'),
  ];
}

const analysed = (placed: PlacedWord[], source: 'ocr' | 'pdf' = 'ocr') => analyzeLetter(mahnungAnalyzer, 'mahnung', letter(placed, source));

describe('a reminder total OCR read with digits lost', () => {
  it('is refused, and the sum of the rows above taken where the letter prints it again', () => {
    const a = analysed(reminder('68,40', '268,40'));
    assert.equal(a.key_numbers.gesamtforderung?.value, '268,40 €');
  });

  it('is refused with no total in its place where the letter prints the sum nowhere else', () => {
    const a = analysed(reminder('68,40', null));
    assert.equal(a.key_numbers.gesamtforderung, undefined);
    assert.doesNotMatch(a.summary, /68,40/u);
  });

  it('is kept where it is the sum, or a different figure that is no sum with digits lost', () => {
    assert.equal(analysed(reminder('268,40', null)).key_numbers.gesamtforderung?.value, '268,40 €');
    // 270,40 is no reading of 268,40: the letter's own figure, for the checks to judge.
    assert.equal(analysed(reminder('270,40', null)).key_numbers.gesamtforderung?.value, '270,40 €');
  });

  it('is refused where rows OCR also garbled show it smaller than one of them, for the amount printed again', () => {
    // `48,40` read `A8A0`, `5,00` read `9,0`: no run of rows adds up; 68,40 < 215,00 is no total of them.
    const garbled: [string, string, string] = ['215,00', 'A8A0', '9,0'];
    assert.equal(analysed(reminder('68,40', '268,40', garbled)).key_numbers.gesamtforderung?.value, '268,40 €');
    assert.equal(analysed(reminder('68,40', null, garbled)).key_numbers.gesamtforderung, undefined);
    // A total above every row stands: nothing says it is misread.
    assert.equal(analysed(reminder('268,40', null, garbled)).key_numbers.gesamtforderung?.value, '268,40 €');
  });

  it('is read as printed from a text layer, which loses no digits', () => {
    assert.equal(analysed(reminder('68,40', '268,40'), 'pdf').key_numbers.gesamtforderung?.value, '68,40 €');
  });
});

describe('lostDigits', () => {
  it('holds for the same cents with digits missing before them, in order', () => {
    assert.equal(lostDigits(5430, 35430), true);
    assert.equal(lostDigits(3430, 35430), true);
    assert.equal(lostDigits(5431, 35430), false);
    assert.equal(lostDigits(35430, 35430), false);
    assert.equal(lostDigits(40, 35440), false);
  });
});
