import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';

/**
 * Day headings on scanned pages (issue 21, random seeds 781–860 read as scans): the boxes are the
 * ones OCR gave on the scan of random seed 815 (`Erläuterung | Betrag`, day headings over rows
 * without a date column, a 0.4 pt rule under every row). The rule under a posting lies just above
 * the next heading; OCR read it with that heading as tall unsure words (`Montag, 11.08.2025 ee
 * ee`), the line was no heading any more, and its posting took the day before.
 */
type Box = [text: string, x: number, y: number, width: number, height: number, confidence: number];
const cell = ([text, x, y, width, height, confidence]: Box): TextCell => ({ text, bbox: { x, y, width, height }, fontSize: height, source: 'ocr', confidence });
const rows = (boxes: Box[]): string[] => {
  const doc: LoadedDocument = { format: 'pdf', pages: [{ number: 1, width: 595.28, height: 841.79, source: 'ocr', cells: boxes.map(cell) }] };
  return toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
};

const HEAD: Box[] = [
  ['Erläuterung', 50.41, 194.43, 43.93, 7.44, 0.965],
  ['Betrag', 520.15, 194.67, 24.48, 7.2, 0.964],
];
const DAY_1: Box[] = [
  ['Donnerstag,', 50.41, 210.51, 48.73, 7.68, 0.96],
  ['07.08.2025', 102.25, 210.27, 42.01, 6, 0.964],
  ['Kartenzahlung', 50.65, 222.03, 53.53, 10.08, 0.9],
  ['-59,37', 521.35, 223.23, 23.28, 7.2, 0.93],
  ['IKEA', 50.65, 234.27, 17.52, 5.52, 0.97],
  ['Deutschland', 71.05, 233.79, 43.45, 6, 0.966],
  ['Debitkarte', 50.65, 244.35, 35.52, 6, 0.917],
  ['Zahlung', 88.81, 244.35, 28.32, 7.68, 0.965],
  ['August', 120.02, 244.83, 24.72, 7.2, 0.967],
  ['2025', 147.38, 244.59, 17.04, 5.76, 0.968],
];
const HEADING_2: Box[] = [
  ['Montag,', 50.41, 259.95, 31.68, 7.68, 0.963],
  ['11.08.2025', 85.45, 259.71, 41.77, 6.24, 0.966],
];
const RULE_READ_AS_WORDS: Box[] = [
  ['ee', 201.63, 256.59, 156.26, 12.72, 0.278],
  ['ee', 383.09, 256.59, 164.42, 12.72, 0.244],
];
const DAY_2_ROWS: Box[] = [
  ['Kartenzahlung', 50.65, 272.68, 53.53, 7.92, 0.916],
  ['-5,69', 526.15, 272.92, 18.48, 6.96, 0.926],
  ['Shell', 50.41, 283.48, 16.8, 6, 0.966],
  ['Deutschland', 70.57, 283.48, 43.45, 6, 0.962],
  ['Tankstelle', 50.17, 294.04, 36, 5.76, 0.962],
  ['August', 88.81, 294.28, 24.72, 7.2, 0.967],
  ['2025', 116.18, 294.28, 17.04, 5.52, 0.967],
];
const EXPECTED = ['07.08.2025 -59,37', '11.08.2025 -5,69'];

describe('day headings on scanned pages', () => {
  test('a rule read as tall unsure words beside a heading leaves the heading a heading', () => {
    assert.deepEqual(rows([...HEAD, ...DAY_1, ...HEADING_2, ...RULE_READ_AS_WORDS, ...DAY_2_ROWS]), EXPECTED);
  });

  test('a lone mark OCR read at a shaded band’s edge before the weekday is no word of the heading', () => {
    assert.deepEqual(rows([...HEAD, ...DAY_1, [';', 20.2, 261.1, 2.4, 5.3, 0.71], ...HEADING_2, ...DAY_2_ROWS]), EXPECTED);
  });

  test('a row date one misread digit from its heading (11.08. read 17.08.) takes the heading’s day', () => {
    // The same page with a value-date column: each row repeats its heading's day, one misread.
    const dated = (boxes: Box[], date: string): Box[] => [[date, 50.41, boxes[0]![2] + 0.2, 22.1, 6, 0.82], ...boxes.map(([t, x, ...r]): Box => [t, x + 48, ...r])];
    const head: Box[] = [['Wert', 50.41, 194.43, 16.9, 7.44, 0.965], ['Erläuterung', 98.41, 194.43, 43.93, 7.44, 0.965], HEAD[1]!];
    const day1: Box[] = [...DAY_1.slice(0, 2), ...dated(DAY_1.slice(2), '07.08.')];
    const day2: Box[] = dated(DAY_2_ROWS, '17.08.');
    assert.deepEqual(rows([...head, ...day1, ...HEADING_2, ...day2]), EXPECTED);
  });
});
