/**
 * Labels as OCR misreads them (issue 22): on scans, photos and low-resolution images the payslip
 * label `StKl` came back as `StKI` (capital I for l) or `StK1`, and the tax class printed after
 * it was missed. On OCR'd lines labels are compared with the glyphs OCR confuses inside words
 * folded to one (l/I/1, O/0, rn/m); figures are never folded, a text layer is compared as printed,
 * and a tax class read from a garbled box still stays out (lohnabrechnung/tax-class.ts). Built as
 * words at the positions a payslip head prints them, analysed by the real layout and analysis.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldOcrGlyphs } from '../../../src/pipeline/layout/fold.js';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { foldOcrWord } from '../../../src/pipeline/stages/analysis/common/labels.js';
import { lohnabrechnungAnalyzer } from '../../../src/pipeline/stages/analysis/lohnabrechnung/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

type W = { text: string; x: number; y: number; width?: number; confidence?: number };
const cell = (w: W, source: 'ocr' | 'pdf'): TextCell => ({ text: w.text, bbox: { x: w.x, y: w.y, width: w.width ?? w.text.length * 6, height: 7 }, fontSize: 7, source, confidence: source === 'pdf' ? 1 : (w.confidence ?? 0.95) });
const row = (y: number, ...words: [string, number][]): W[] => words.map(([text, x]) => ({ text, x, y }));

/** A payslip whose only printing of the tax class is the head line `words` (no `Steuerklasse`). */
function payslip(head: W[], source: 'ocr' | 'pdf' = 'ocr'): LoadedDocument {
  const words: W[] = [
    ...row(60, ['Nordwacht', 56], ['Sicherheitsdienste', 110], ['GmbH', 200]),
    ...row(100, ['Lohnabrechnung', 56], ['März', 150], ['2026', 180]),
    ...row(120, ['Pers.-Nr.', 56], ['4711', 100], ['Eintritt', 300], ['01.04.2019', 340]),
    ...head,
    ...row(150, ['Grundlohn', 56], ['2.896,00', 480]),
    ...row(164, ['Gesamtbrutto', 56], ['2.896,00', 480]),
    ...row(178, ['Lohnsteuer', 56], ['301,50', 486]),
    ...row(192, ['Nettoverdienst', 56], ['2.047,80', 480]),
  ];
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells: words.map((w) => cell(w, source)) }] };
}
const taxClassOf = (doc: LoadedDocument) => analyzeLetter(lohnabrechnungAnalyzer, 'lohnabrechnung', doc).key_numbers.steuerklasse?.value;
const head = (label: string, value: W = { text: '1', x: 90, y: 134 }): W[] => [{ text: label, x: 56, y: 134 }, value, ...row(134, ['Kinderfrb.', 300], ['0,0', 340])];

describe('labels OCR misreads', () => {
  it('folds the glyphs OCR confuses inside a word, and leaves figures alone', () => {
    assert.equal(foldOcrGlyphs('stki'), foldOcrGlyphs('stkl'));
    assert.equal(foldOcrGlyphs('stk1'), foldOcrGlyphs('stkl'));
    assert.equal(foldOcrGlyphs('l0hnsteuer'), foldOcrGlyphs('lohnsteuer'));
    assert.equal(foldOcrGlyphs('arbeitnehrner'), foldOcrGlyphs('arbeitnehmer'));
    assert.equal(foldOcrGlyphs('100'), '100');
    assert.equal(foldOcrGlyphs('2024'), '2024');
    assert.equal(foldOcrWord('StK|'), foldOcrWord('StKl'));
    assert.equal(foldOcrWord('|'), '');
  });

  it('reads the class after `StKI` and `StK1` on an OCR\'d page', () => {
    assert.equal(taxClassOf(payslip(head('StKl'))), '1');
    assert.equal(taxClassOf(payslip(head('StKI'))), '1');
    assert.equal(taxClassOf(payslip(head('StK1'))), '1');
    assert.equal(taxClassOf(payslip(head('StKI', { text: '4', x: 90, y: 134 }))), '4');
  });

  it('compares a text layer as printed: `StKI` there is no label', () => {
    assert.equal(taxClassOf(payslip(head('StKl'), 'pdf')), '1');
    assert.equal(taxClassOf(payslip(head('StKI'), 'pdf')), undefined);
  });

  it('never lets a label take the figure after it for a letter (`StK 1` is no `StKl`)', () => {
    assert.equal(taxClassOf(payslip([...row(134, ['StK', 56], ['1', 80], ['3', 100])])), undefined);
  });

  it('keeps a Roman class read unsurely from a box too wide for it out, behind a misread label too', () => {
    assert.equal(taxClassOf(payslip(head('StKI', { text: 'I', x: 90, y: 134, width: 6.2, confidence: 0.54 }))), undefined);
    assert.equal(taxClassOf(payslip(head('StKI', { text: 'III', x: 90, y: 134, width: 6.2, confidence: 0.9 }))), 'III');
  });
});
