/**
 * Contribution rows of a payslip as OCR reads them (issue 22, a temp agency's payslip as a scan
 * and a photo): `Rentenversicherung 9,30 % ……… 247,10` came back as `9,30 N 3... ZU T4LO` and the
 * rate was answered as the contribution; `232,48` came back as `292,40` and was flagged as not
 * matching its rate. Built as OCR'd words of a payslip of our own wording, through the real layout
 * and analysis steps: a rate taken for the amount and an amount one confusable digit off its own
 * rate check are left out, and raise no flag; an amount off its check beyond a misread digit is
 * still flagged, and a text layer is read as printed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { lohnabrechnungAnalyzer } from '../../../src/pipeline/stages/analysis/lohnabrechnung/index.js';
import { confusableReadings } from '../../../src/pipeline/stages/analysis/lohnabrechnung/ocr-contributions.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

type W = { text: string; x: number; y: number };
const cell = (w: W, source: 'ocr' | 'pdf'): TextCell => ({ text: w.text, bbox: { x: w.x, y: w.y, width: w.text.length * 6, height: 7 }, fontSize: 7, source, confidence: source === 'pdf' ? 1 : 0.9 });
const row = (y: number, ...words: [string, number][]): W[] => words.map(([text, x]) => ({ text, x, y }));

/** A payslip of March 2026, SV-Brutto 3.400,00: KV 8,75 % = 297,50, PV 2,40 % = 81,60; `kv` and `rv` as OCR read those rows. */
function payslip(kv: string, rv: [string, number][], source: 'ocr' | 'pdf' = 'ocr', more: W[] = []): LoadedDocument {
  const words: W[] = [
    ...more,
    ...row(60, ['Gebäudereinigung', 56], ['Lindner', 160], ['GmbH', 210]),
    ...row(100, ['Verdienstabrechnung', 56], ['März', 180], ['2026', 210]),
    ...row(150, ['Grundvergütung', 56], ['3.400,00', 480]),
    ...row(164, ['Gesamtbrutto', 56], ['3.400,00', 480]),
    ...row(178, ['SV-Brutto', 56], ['3.400,00', 130]),
    ...row(200, ['Krankenversicherung', 56], ['8,75', 180], ['%', 210], ['..uunnsnnennnnnnn', 230], [kv, 486]),
    ...row(214, ['Pflegeversicherung', 56], ['2,40', 180], ['%', 210], ['..uunnsnnennnnnnn', 230], ['81,60', 492]),
    ...row(228, ['Rentenversicherung', 56], ...rv),
  ];
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells: words.map((w) => cell(w, source)) }] };
}
const analysed = (doc: LoadedDocument) => analyzeLetter(lohnabrechnungAnalyzer, 'lohnabrechnung', doc);
const RV_READ: [string, number][] = [['9,30', 180], ['N', 210], ['3...', 222], ['eisen', 250], ['nennen', 290], ['ZU', 470], ['T4LO', 490]];
const RV_PRINTED: [string, number][] = [['9,30', 180], ['%', 210], ['..uunnsnnennnnnnn', 230], ['316,20', 486]];

describe('contribution rows OCR damaged', () => {
  it('a rate read where the row goes on to its amount is no contribution', () => {
    const a = analysed(payslip('297,50', RV_READ));
    assert.equal(a.key_numbers.rentenversicherung, undefined);
    assert.equal(a.key_numbers.krankenversicherung?.value, '297,50');
  });

  it('an amount one confusable digit off its own rate check is left out, with no flag', () => {
    const a = analysed(payslip('291,50', RV_PRINTED));
    assert.equal(a.key_numbers.krankenversicherung, undefined);
    assert.equal(a.key_numbers.rentenversicherung?.value, '316,20');
    assert.equal(a.review_flags.filter((f) => f.topic === 'sozialversicherung').length, 0);
  });

  it('an amount off its rate check beyond one misread digit is still read and flagged', () => {
    const a = analysed(payslip('342,10', RV_PRINTED));
    assert.equal(a.key_numbers.krankenversicherung?.value, '342,10');
    assert.match(a.review_flags.map((f) => f.description).join(' '), /Krankenversicherungsbeitrag von 342,10/u);
  });

  it('a text layer is read as printed', () => {
    const a = analysed(payslip('291,50', RV_PRINTED, 'pdf'));
    assert.equal(a.key_numbers.krankenversicherung?.value, '291,50');
    assert.match(a.review_flags.map((f) => f.description).join(' '), /Krankenversicherungsbeitrag von 291,50/u);
  });

  it('a long label whose capital initial OCR misread is still its label; an abbreviation\'s initial stays exact', () => {
    const a = analysed(payslip('297,50', RV_PRINTED, 'ocr', [...row(250, ['EOHNStEUER', 56], ['rn', 130], ['ernennen', 150], ['412,80', 486]), ...row(264, ['PV-Beitrag', 56], ['81,60', 486])]));
    assert.equal(a.key_numbers.lohnsteuer?.value, '412,80');
    assert.equal(a.key_numbers.krankenversicherung?.value, '297,50');
  });

  it('a row led by an abbreviation is not read under its neighbour\'s label (`PV-Beitrag` is no `KV-Beitrag`)', () => {
    const doc = payslip('297,50', RV_PRINTED);
    const cells = doc.pages[0]!.cells.filter((c) => c.bbox.y !== 200 && c.bbox.y !== 214);
    cells.push(...row(214, ['PV-Beitrag', 56], ['81,60', 492]).map((w) => ({ text: w.text, bbox: { x: w.x, y: w.y, width: w.text.length * 6, height: 7 }, fontSize: 7, source: 'ocr' as const, confidence: 0.9 })));
    const a = analysed({ ...doc, pages: [{ ...doc.pages[0]!, cells }] });
    assert.equal(a.key_numbers.pflegeversicherung?.value, '81,60');
    assert.equal(a.key_numbers.krankenversicherung, undefined);
  });

  it('confusable readings change one digit each', () => {
    assert.ok(confusableReadings(29240).includes(23240));
    assert.ok(!confusableReadings(29240).includes(23248));
  });
});
