/**
 * A fine notice's cost table whose Geldbuße and Gesamtbetrag labels OCR garbled beyond reading
 * (issue 22, low-resolution images: bold labels behind dotted leaders, `Geldbuße ....... 320,00 €`
 * read as `GEIGBURE. vesnnerounnunensnn … 320,00 €`, `Gesamtbetrag ….. 352,00 €` as `GESAMIDENAG
 * rennen …`), while the Gebühr and Auslagen rows between them read. The prose names no amount
 * (`… wird gegen Sie eine Geldbuße festgesetzt:`, a ballpoint circle beside it read as `CC)`). Built as OCR'd words at the positions such a
 * notice prints them, through the real layout and analysis steps: the row above the Gebühr in
 * its column is the fine and the row below the Auslagen the total only where the column adds up
 * so (Geldbuße + Gebühr + Auslagen = Gesamtbetrag, § 105 ff. OWiG); otherwise neither.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

/** An OCR'd word: text, x, y, width, height (pt) and OCR confidence, as tesseract boxed it. */
type W = [text: string, x: number, y: number, width: number, height: number, confidence: number];
/** Words of a body-text line at y, 7 pt high, 5.2 pt per character. */
const row = (y: number, ...words: [string, number][]): W[] => words.map(([t, x]): W => [t, x, y, t.length * 5.2, 7, 0.96]);

function notice(words: W[], source: 'ocr' | 'pdf' = 'ocr'): LoadedDocument {
  const cell = ([text, x, y, width, height, confidence]: W): TextCell => ({ text, bbox: { x, y, width, height }, fontSize: height, source, confidence });
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells: words.map(cell) }] };
}

/** The boxes a low-resolution JPEG of such a notice gave (the cost rows as OCR read them, pen circle and leaders included). */
function table(total: string): W[] {
  return [
    ...row(35, ['Polizeiverwaltungsamt', 57], ['des', 154], ['Freistaates', 172], ['Sachsen', 222]),
    ...row(48, ['Zentrale', 57], ['Bußgeldstelle', 95]),
    ...row(178, ['Datum', 341], ['14.01.2026', 431]),
    ...row(216, ['Bußgeldbescheid', 57]),
    ...row(273, ['Ihnen', 57], ['wird', 83], ['vorgeworfen,', 103], ['am', 161], ['18.11.2025', 177], ['um', 227], ['08:12', 242], ['Uhr', 269], ['folgende', 290], ['Ordnungswidrigkeit', 340]),
    ...row(286, ['begangen', 57], ['zu', 101], ['haben:', 114], ['Sie', 150], ['überschritten', 170], ['die', 240], ['Höchstgeschwindigkeit', 260], ['um', 390], ['43', 405], ['km/h.', 420]),
    ['Rechtsfolgen', 57, 401, 69, 13, 0.965],
    ['Wegen', 56, 420, 30, 9, 0.965], ['dieser', 89, 420, 25, 7, 0.93], ['Ordnungswidrigkeit', 118, 420, 81, 9, 0.925], ['wird', 201, 420, 17, 7, 0.968],
    ['gegen', 222, 422, 26, 8, 0.967], ['Sie', 251, 420, 13, 7, 0.965], ['eine', 267, 420, 17, 7, 0.97], ['Geldbuße', 288, 420, 41, 7, 0.965], ['festgesetzt:', 332, 420, 48, 9, 0.956],
    ['CC)', 371, 389, 39, 36, 0.106],
    ['GEIGBURE.', 56, 446, 41, 7, 0.119], ['vesnnerounnunensnnnsnnenensnnnnennansahhende', 101, 452, 241, 2, 0], ['chen', 225, 445, 10, 11, 0.024], ['enenRndeRg', 237, 445, 28, 11, 0],
    ['ale', 265, 445, 8, 11, 0.001], ['enge', 276, 445, 14, 11, 0], ['Here', 293, 445, 12, 11, 0.07], ['eg', 307, 445, 36, 11, 0], ['320,00', 423, 446, 29, 8, 0.966], ['€', 455, 446, 5, 7, 0.967],
    ['Gebühr:', 56, 459, 31, 7, 0], ['(8', 91, 459, 7, 9, 0.91], ['107', 103, 459, 14, 7, 0.958], ['Abs:', 120, 459, 18, 7, 0.026], ['1OWIG)', 143, 459, 36, 9, 0.847],
    ['nie', 182, 465, 170, 1, 0.063], ['28,50', 429, 459, 23, 8, 0.964], ['€', 455, 459, 5, 7, 0.964],
    ['Auslagen', 56, 472, 39, 9, 0.967], ['für', 99, 472, 11, 7, 0.968], ['die', 112, 472, 12, 7, 0.968], ['Zustellung', 128, 472, 43, 9, 0.966], ['(8', 174, 472, 8, 9, 0.961],
    ['107', 186, 472, 15, 7, 0.959], ['Abs.', 204, 472, 18, 7, 0.963], ['3', 228, 472, 2, 7, 0.956], ['OWiG)', 233, 472, 29, 9, 0.596],
    ['..uuuesssesessnsesnnnesnneesnneennnn', 265, 478, 99, 2, 0], ['3,50', 434, 472, 18, 8, 0.964], ['€', 455, 472, 5, 7, 0.964],
    ['GESAMIDENAG', 56, 485, 60, 9, 0.066], ['rennen', 120, 491, 226, 2, 0], ['ans', 207, 484, 8, 12, 0], ['nnenerenennnen', 218, 484, 38, 12, 0], ['nennen', 258, 484, 22, 12, 0.015],
    ['nennen', 281, 484, 29, 12, 0], ['en', 318, 484, 5, 12, 0], ['anne', 323, 484, 23, 12, 0], [total, 423, 485, 29, 8, 0.966], ['€', 455, 485, 5, 7, 0.966],
    ...row(520, ['Die', 57], ['Ordnungswidrigkeit', 73], ['wird', 180], ['mit', 205], ['2', 225], ['Punkten', 235], ['im', 280], ['Fahreignungsregister', 295], ['eingetragen.', 410]),
  ];
}

describe('a fine notice whose Geldbuße and Gesamtbetrag labels OCR garbled', () => {
  it('takes the rows around Gebühr and Auslagen where the column adds up', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(table('352,00')));
    assert.equal(a.key_numbers.geldbusse?.value, '320,00 €');
    assert.equal(a.key_numbers.gesamtbetrag?.value, '352,00 €');
    assert.deepEqual(a.checks.map((c) => c.holds), [true]);
  });

  it('takes neither where the column does not add up', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(table('355,50')));
    assert.equal(a.key_numbers.geldbusse, undefined);
    assert.equal(a.key_numbers.gesamtbetrag, undefined);
    assert.equal(a.key_numbers.gebuehren?.value, '28,50 €');
  });
});
