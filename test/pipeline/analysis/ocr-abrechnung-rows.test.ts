/**
 * A tax assessment's Abrechnung as OCR reads a low-resolution image of it (issue 22): the taxes
 * as columns (Einkommensteuer | Solidaritätszuschlag | Kirchensteuer), and a credited row whose
 * first amount a pen mark or JPEG blocks garbled (`1.600,00` read as `1600.00._——`), so the row
 * reads as a label with that word in it and only the Kirchensteuer column's amount. Built as
 * OCR'd words at the positions such a notice prints them, through the real layout and analysis
 * steps. The notice's figures add up (23.182,12 − 1.744,00 − 22.388,60 = −950,48); a check that
 * sums the row without its first amount must not report them as failing — nothing shows that
 * the letter's figures do not add up.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { steuerbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/steuerbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

type W = [text: string, x: number, y: number];
const cell = ([text, x, y]: W): TextCell => ({ text, bbox: { x, y, width: text.length * 5.5, height: 10 }, fontSize: 10, source: 'ocr', confidence: 0.8 });
const row = (y: number, ...words: [string, number][]): W[] => words.map(([t, x]) => [t, x, y]);

function notice(prepaymentRow: W[]): LoadedDocument {
  const words: W[] = [
    ...row(60, ['Finanzamt', 57], ['Hannover-Nord', 104], ['-', 172], ['Vahrenwalder', 176], ['Straße', 238], ['206', 269]),
    ...row(80, ['Herrn', 57], ['und', 83], ['Frau', 102], ['Steuernummer', 361], ['25/118/40376', 451]),
    ...row(94, ['Marco', 57], ['und', 86], ['Svenja', 104], ['Lüdtke', 136], ['Datum', 361], ['07.05.2025', 451]),
    ...row(140, ['Bescheid', 57], ['für', 108], ['2024', 126]),
    ...row(154, ['über', 57], ['Einkommensteuer,', 84], ['Solidaritätszuschlag', 185], ['und', 295], ['Kirchensteuer', 319]),
    ...row(190, ['Festsetzung', 57], ['und', 124], ['Abrechnung', 147]),
    ...row(210, ['Einkommen-', 288], ['Solidaritäts-', 391], ['Kirchensteuer', 482]),
    ...row(222, ['steuer', 314], ['zuschlag', 403], ['ev/ev', 512]),
    ...row(234, ['€', 335], ['€', 435], ['€', 534]),
    ...row(248, ['festgesetzt', 56], ['werden', 105], ['21.268,00', 299], ['0,00', 422], ['1.914,12', 503]),
    ...prepaymentRow,
    ...row(276, ['ab', 57], ['Steuerabzug', 70], ['vom', 127], ['Lohn', 147], ['20.540,00', 299], ['0,00', 422], ['1.848,60', 503]),
    ...row(290, ['verbleibende', 57], ['Beträge', 114], ['-872,00', 309], ['0,00', 422], ['-78,48', 513]),
    ...row(304, ['Erstattung', 57], ['insgesamt', 107], ['950,48', 503], ['€', 534]),
    ...row(330, ['Der', 57], ['Erstattungsbetrag', 75], ['wird', 152], ['auf', 172], ['Ihr', 188], ['Konto', 206], ['überwiesen.', 240]),
    ...row(360, ['Rechtsbehelfsbelehrung', 56]),
    ...row(374, ['Sie', 56], ['können', 72], ['diesen', 106], ['Bescheid', 137], ['mit', 179], ['dem', 194], ['Einspruch', 215], ['anfechten.', 260]),
    ...row(388, ['Die', 56], ['Frist', 76], ['für', 100], ['die', 116], ['Einlegung', 132], ['des', 180], ['Einspruchs', 198], ['beträgt', 250], ['einen', 290], ['Monat.', 320]),
  ];
  return { format: 'jpeg', pages: [{ number: 1, width: 595, height: 842, source: 'ocr', cells: words.map(cell) }] };
}

describe('a tax assessment Abrechnung read by OCR', () => {
  it('a credited row whose first amount OCR garbled into its label does not make the checks fail', () => {
    const a = analyzeLetter(steuerbescheidAnalyzer, 'steuerbescheid', notice(row(262, ['ab', 56], ['Vorauszahlungen', 70], ['1600.00._——', 304], ['0,00', 422], ['144,00', 511])));
    assert.equal(a.key_numbers.erstattung?.value, '950,48 €');
    assert.deepEqual(a.checks.filter((c) => !c.holds), []);
  });

  it('the same row read whole adds up and is reported holding', () => {
    const a = analyzeLetter(steuerbescheidAnalyzer, 'steuerbescheid', notice(row(262, ['ab', 56], ['Vorauszahlungen', 70], ['1.600,00', 304], ['0,00', 422], ['144,00', 511])));
    assert.deepEqual(a.checks.map((c) => c.holds), [true]);
  });
});
