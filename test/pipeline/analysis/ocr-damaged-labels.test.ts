/**
 * Labels of a cost table as OCR damages them on scans and photos (issue 22): the `ß` of a bold
 * `Geldbuße` read as `B` (`GELDBUBE`), a label glued to its citation where OCR dropped the space
 * after the colon (`Gebühr:nach§107Abs.1OWiG`), and a long label read unsurely with a letter
 * confused and a leader dot read as a letter (`Gesamtbetiagn`). The table below does NOT add up
 * (the authority's own error), so nothing but the labels ties the rows down: each row is read by
 * its label, on OCR'd lines only, the extra edit only where OCR itself doubted the word. Built as
 * OCR'd words at the positions such a notice prints them, through the real layout and analysis.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

/** An OCR'd word: text, x, y and OCR confidence; 7 pt high, 5.2 pt per character. */
type W = [text: string, x: number, y: number, confidence: number];
const row = (y: number, ...words: [string, number][]): W[] => words.map(([t, x]): W => [t, x, y, 0.95]);

function notice(words: W[], source: 'ocr' | 'pdf' = 'ocr'): LoadedDocument {
  const cell = ([text, x, y, confidence]: W): TextCell => ({ text, bbox: { x, y, width: text.length * 5.2, height: 7 }, fontSize: 7, source, confidence: source === 'pdf' ? 1 : confidence });
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells: words.map(cell) }] };
}

/** A town's fine notice; `labels` are the three damaged labels as OCR gave them, with their confidence. */
function fineNotice(labels: { fine: W; fee: W; total: W }): W[] {
  return [
    ...row(40, ['Stadt', 57], ['Lindenfurt', 88], ['Ordnungsamt', 145]),
    ...row(160, ['Lindenfurt,', 340], ['den', 400], ['03.02.2026', 422]),
    ...row(200, ['Bußgeldbescheid', 57]),
    ...row(240, ['Ihnen', 57], ['wird', 86], ['vorgeworfen,', 110], ['am', 178], ['12.01.2026', 194], ['um', 250], ['17:40', 266], ['Uhr', 296], ['im', 318], ['Halteverbot', 332], ['geparkt', 394], ['zu', 434], ['haben.', 448]),
    ...row(280, ['Gegen', 57], ['Sie', 90], ['wird', 110], ['eine', 134], ['Geldbuße', 158], ['festgesetzt.', 206]),
    labels.fine, ['.......................', 120, 300, 0], ['55,00', 430, 300, 0.96], ['€', 460, 300, 0.96],
    labels.fee, ['25,00', 430, 313, 0.96], ['€', 460, 313, 0.96],
    ...row(326, ['Auslagen', 57], ['(Zustellung)', 105], ['3,50', 435], ['€', 460]),
    labels.total, ['...................', 140, 339, 0], ['89,00', 430, 339, 0.96], ['€', 460, 339, 0.96],
    ...row(380, ['Bitte', 57], ['zahlen', 84], ['Sie', 120], ['innerhalb', 140], ['von', 190], ['zwei', 212], ['Wochen.', 238]),
  ];
}

const damaged = (totalConfidence: number) => ({
  fine: ['GELDBUBE', 57, 300, 0.31] as W,
  fee: ['Gebühr:nach§107Abs.1OWiG', 57, 313, 0.42] as W,
  total: ['Gesamtbetiagn', 57, 339, totalConfidence] as W,
});

describe('cost-table labels OCR damaged, the table not adding up', () => {
  it('reads each row by its label: ß read as B, a label glued to its citation, a long label read unsurely', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(fineNotice(damaged(0.08))));
    assert.equal(a.key_numbers.geldbusse?.value, '55,00 €');
    assert.equal(a.key_numbers.gebuehren?.value, '25,00 €');
    assert.equal(a.key_numbers.auslagen?.value, '3,50 €');
    assert.equal(a.key_numbers.gesamtbetrag?.value, '89,00 €');
  });

  it('gives a word OCR read surely no extra edit', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(fineNotice(damaged(0.93))));
    assert.equal(a.key_numbers.gesamtbetrag, undefined);
    assert.equal(a.key_numbers.geldbusse?.value, '55,00 €');
  });

  it('compares a text layer as printed: `GELDBUBE` there is no Geldbuße', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(fineNotice(damaged(0.08)), 'pdf'));
    assert.equal(a.key_numbers.geldbusse, undefined);
    assert.equal(a.key_numbers.gesamtbetrag, undefined);
  });
});
