import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import type { Page, TextCell } from '../../../src/pipeline/model/document.js';

/**
 * Words → lines on OCR'd pages (lines.ts settleWords): a word goes to the line it sits nearest.
 * The boxes are those the reading layer gave for the summary box of a photographed e-money
 * statement (blind-1 `emoney-wallet`, seed 1): the left column's `Zahlungskonto:` line stands 4 pt
 * above the right column's `Anfangssaldo am 01.03.2025 179,99 €`.
 */
const cell = (text: string, x: number, y: number, width: number, height: number, source: 'ocr' | 'pdf'): TextCell => ({ text, bbox: { x, y, width, height }, fontSize: height, source, confidence: 0.95 });

const words = (source: 'ocr' | 'pdf'): TextCell[] => [
  cell('Zahlungskonto:', 38.4, 127.7, 57.6, 8.4, source),
  cell('lena.weiß@example.de', 99.6, 127.7, 88.8, 8.2, source),
  cell('Anfangssaldo', 330.2, 131.8, 51.4, 8.2, source),
  cell('01.03.2025', 398.9, 132.0, 42.2, 6.5, source),
  cell('179,99', 523.9, 132.0, 25.2, 7.4, source),
  cell('€', 552.0, 132.0, 4.3, 6.5, source),
  cell('am', 384.7, 133.4, 11.0, 5.0, source),
  cell('Eingänge', 330.7, 144.0, 35.3, 8.2, source),
  cell('583,87', 523.7, 144.2, 25.4, 7.2, source),
];
const page = (source: 'ocr' | 'pdf'): Page => ({ number: 1, width: 595, height: 842, source, cells: words(source) });

describe('OCR lines: words settle on the line they sit nearest', () => {
  test('a balance label on a photo stays on the line of its date and amount', () => {
    const lines = toLines([page('ocr')]).map((l) => l.text);
    assert.deepEqual(lines, ['Zahlungskonto: lena.weiß@example.de', 'Anfangssaldo am 01.03.2025 179,99 €', 'Eingänge 583,87']);
  });

  test('text-layer pages keep their grouping (golden files unchanged)', () => {
    const lines = toLines([page('pdf')]).map((l) => l.text);
    assert.equal(lines[0], 'Zahlungskonto: lena.weiß@example.de Anfangssaldo');
  });
});
