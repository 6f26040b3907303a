/**
 * A tax class in Roman strokes as OCR reads it (issue 22, a civil servant's Bezügemitteilung on a
 * scan and a low-resolution image): `III` came back as `I` — a box three strokes wide, read with
 * little confidence — and was reported as class I, a wrong value where none is better. Built as
 * OCR'd words at the positions such a head prints them, then analysed by the real layout and
 * analysis steps: the unsure reading is left out, a sure one or a text layer is read as printed,
 * and a second printing of the class read surely stands in for the unsure one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { lohnabrechnungAnalyzer } from '../../../src/pipeline/stages/analysis/lohnabrechnung/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

/** A word: text, x, top y; width 6 pt per character and confidence 0.95 unless given. */
type W = { text: string; x: number; y: number; width?: number; confidence?: number };
const cell = (w: W, source: 'ocr' | 'pdf'): TextCell => ({ text: w.text, bbox: { x: w.x, y: w.y, width: w.width ?? w.text.length * 6, height: 7 }, fontSize: 7, source, confidence: source === 'pdf' ? 1 : (w.confidence ?? 0.95) });
const row = (y: number, ...words: [string, number][]): W[] => words.map(([text, x]) => ({ text, x, y }));

function payslip(taxClass: W, more: W[] = [], source: 'ocr' | 'pdf' = 'ocr'): LoadedDocument {
  const words: W[] = [
    ...row(60, ['Landesamt', 56], ['für', 110], ['Besoldung', 130], ['und', 184], ['Versorgung', 204]),
    ...row(100, ['Bezügemitteilung', 56], ['für', 150], ['März', 170], ['2026', 200]),
    ...row(120, ['Steuerklasse', 56], ['Kinderfrb.', 230], ['0', 280]),
    taxClass,
    ...row(150, ['Grundgehalt', 56], ['3.600,00', 480]),
    ...row(164, ['Familienzuschlag', 56], ['288,95', 486]),
    ...row(178, ['Gesamtbrutto', 56], ['3.888,95', 480]),
    ...row(192, ['Lohnsteuer', 56], ['412,33', 486]),
    ...row(206, ['Nettobezüge', 56], ['3.476,62', 480]),
    ...more,
  ];
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells: words.map((w) => cell(w, source)) }] };
}
const taxClassOf = (doc: LoadedDocument) => analyzeLetter(lohnabrechnungAnalyzer, 'lohnabrechnung', doc).key_numbers.steuerklasse?.value;

describe('a tax class in Roman strokes read by OCR', () => {
  it('one stroke read in a box three strokes wide, unsurely, is no tax class', () => {
    assert.equal(taxClassOf(payslip({ text: 'I', x: 161, y: 120, width: 6.2, confidence: 0.54 })), undefined);
  });

  it('one stroke in a box three strokes wide is no tax class even where the engine was sure', () => {
    assert.equal(taxClassOf(payslip({ text: 'I', x: 161, y: 120, width: 6.2, confidence: 0.93 })), undefined);
  });

  it('a single stroke read surely, in a box one stroke wide, is class I', () => {
    assert.equal(taxClassOf(payslip({ text: 'I', x: 161, y: 120, width: 2.5, confidence: 0.93 })), 'I');
  });

  it('strokes in a box that fits them, read surely, stand as printed', () => {
    assert.equal(taxClassOf(payslip({ text: 'III', x: 161, y: 120, width: 6.2, confidence: 0.9 })), 'III');
  });

  it('a text layer is read as printed, whatever the box', () => {
    assert.equal(taxClassOf(payslip({ text: 'I', x: 161, y: 120, width: 6.2 }, [], 'pdf')), 'I');
  });

  it('an Arabic class and one with a V are no strokes and stand as read', () => {
    assert.equal(taxClassOf(payslip({ text: '3', x: 161, y: 120, confidence: 0.7 })), '3');
    assert.equal(taxClassOf(payslip({ text: 'IV', x: 161, y: 120, confidence: 0.7 })), 'IV');
  });

  it('a second printing of the class read surely stands in for the unsure one', () => {
    const elstam = row(230, ['ELStAM:', 56], ['StKl', 110], ['3', 140], ['Faktor', 160], ['1,000', 200]);
    assert.equal(taxClassOf(payslip({ text: 'I', x: 161, y: 120, width: 6.2, confidence: 0.54 }, elstam)), '3');
  });
});
