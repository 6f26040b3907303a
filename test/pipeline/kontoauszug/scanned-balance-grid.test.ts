import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { labelValueGrid } from '../../../src/pipeline/layout/table/index.js';
import type { LoadedDocument, Page, TextCell } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';

/**
 * A balance summary grid on a scanned page (issue 21, `balances grid` 0 of 6 scans on random seeds
 * 781–860): the labels in one row, each value left-aligned under its label in the row beneath. The
 * boxes are the ones OCR gave on the scan of random seed 801: `252,25` starts at x 210.27, a
 * fraction left of its label `Eingänge` (210.51), so it fell inside the span of the cell before
 * and the grid was not read; the lines step then moved the four values onto the label row, and
 * the statement opened with its closing balance. Postings below are the same page's type-word
 * rows (unsigned amounts, the type says the direction), reduced to two.
 */
type Box = [text: string, x: number, y: number, width: number, height: number];
const GRID: Box[] = [
  ['Kontostand', 50.65, 184.82, 36.72, 5.52],
  ['am', 90.25, 186.27, 9.84, 4.08],
  ['30.', 102.97, 185.06, 9.36, 5.28],
  ['September', 115.46, 184.82, 36.24, 6.96],
  ['2025', 154.1, 185.06, 16.08, 5.28],
  ['Eingänge', 210.51, 184.82, 30.96, 6.96],
  ['Ausgänge', 330.04, 185.06, 33.36, 6.72],
  ['Kontostand', 420.54, 184.82, 36.96, 5.52],
  ['am', 460.38, 186.27, 9.6, 4.08],
  ['28.', 472.86, 185.06, 9.6, 5.28],
  ['Oktober', 485.35, 184.82, 26.4, 5.52],
  ['2025', 514.15, 185.06, 16.08, 5.28],
  ['7.468,11', 50.41, 197.07, 34.32, 7.68],
  ['252,25', 210.27, 197.07, 27.12, 7.68],
  ['2.309,34', 330.28, 197.07, 34.8, 7.68],
  ['5.411,02', 420.3, 197.07, 34.56, 7.68],
];
const POSTINGS: Box[] = [
  ['Vorgang', 50.17, 299.32, 31.68, 7.2],
  ['Betrag', 476.7, 299.08, 24.24, 7.44],
  ['(EUR)', 504.07, 298.84, 21.6, 7.68],
  ['Mittwoch,', 50.65, 314.68, 37.93, 7.44],
  ['01.10.2025', 91.93, 314.92, 42.01, 6],
  ['Überweisung', 50.65, 325.72, 48.49, 10.8],
  ['2.309,34', 512.71, 327.88, 31.92, 6.96],
  ['Hausverwaltung', 50.65, 338.45, 56.17, 7.44],
  ['Schmidt', 109.93, 338.45, 28.56, 6],
  ['GmbH', 141.14, 338.45, 22.08, 6],
  ['Dienstag,', 50.65, 353.4, 35.5, 7.44],
  ['07.10.2025', 89.2, 353.64, 42.01, 6],
  ['Zahlungseingang', 50.17, 364.15, 64.57, 7.92],
  ['252,25', 519.43, 364.39, 25.44, 6.96],
  ['Versicherungskammer', 50.17, 374.95, 79.69, 7.44],
  ['Bayern', 132.98, 375.19, 24.24, 7.2],
];
const cell = ([text, x, y, width, height]: Box): TextCell => ({ text, bbox: { x, y, width, height }, fontSize: height, source: 'ocr', confidence: 0.96 });
const page = (boxes: Box[]): Page => ({ number: 1, width: 595.28, height: 841.79, source: 'ocr', cells: boxes.map(cell) });

describe('balance grid on a scanned page', () => {
  test('each value pairs with the label it stands under, though its box starts left of it', () => {
    const [labels, values] = toLines([page(GRID)]);
    assert.equal(values?.amounts.length, 4, 'the value row stays a line of its own');
    const grid = labelValueGrid(labels!, values!);
    assert.deepEqual(
      grid?.map((e) => `${e.label.text} = ${values!.words[e.value.first]!.text}`),
      ['Kontostand am 30. September 2025 = 7.468,11', 'Eingänge = 252,25', 'Ausgänge = 2.309,34', 'Kontostand am 28. Oktober 2025 = 5.411,02'],
    );
  });

  test('the statement opens with the earlier Kontostand and closes with the later, reconciled', () => {
    const doc: LoadedDocument = { format: 'pdf', pages: [page([...GRID, ...POSTINGS])] };
    const accounts = extractAccounts(doc);
    assert.equal(accounts.length, 1);
    const info = accounts[0]!.info;
    assert.deepEqual([info.opening_balance, info.closing_balance, info.reconciled], ['7.468,11', '5.411,02', true]);
    assert.deepEqual(toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`), ['01.10.2025 -2.309,34', '07.10.2025 252,25']);
  });
});
