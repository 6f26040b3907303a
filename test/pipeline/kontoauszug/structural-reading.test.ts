import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { datedRows, reconcileRows } from '../../../src/pipeline/layout/dated-rows.js';
import { documentLines } from '../../../src/pipeline/layout/lines.js';
import { statementShapeScore } from '../../../src/pipeline/stages/classify/statement-shape.js';
import { newSegment } from '../../../src/pipeline/stages/kontoauszug/sections.js';
import { balancesByArithmetic, structuralSection } from '../../../src/pipeline/stages/kontoauszug/structural-reading.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * The structural reading (issue 21): rows of layout/dated-rows.ts become postings where the rules
 * read none, and balances by arithmetic where the rules found no label. Pages written for the
 * test in words no rule knows (`Bestand vorher`, `Bestand nachher`).
 */
const page = (opening: string, closing: string, amounts: [string, string, string]): SynthLine[] => [
  [40, 60, 'Beispielhaus Nord · Aufstellung 7'],
  [40, 100, 'Bestand vorher'],
  [540, 100, opening, true],
  [40, 114, '03.02.2026 Einzug'],
  [540, 114, amounts[0], true],
  [90, 124, 'Wasserwerk Nord'],
  [40, 138, '09.02.2026 Zufluss'],
  [540, 138, amounts[1], true],
  [90, 148, 'Firma Beispiel'],
  [40, 162, '17.02.2026 Einkauf'],
  [540, 162, amounts[2], true],
  [40, 186, 'Bestand nachher'],
  [540, 186, closing, true],
];

describe('structural reading (issue 21)', () => {
  test('dated rows and the balances they reconcile: found, and they score as a statement alone', () => {
    const lines = documentLines(synthDoc(page('500,00', '1.155,50', ['-45,50', '750,00', '-49,00'])));
    const rows = datedRows(lines);
    assert.deepEqual(rows.map((r) => r.amount.cents * (r.amount.sign ?? 1)), [-4550, 75000, -4900]);
    const found = reconcileRows(lines, rows);
    assert.deepEqual([found?.opening.cents, found?.closing.cents], [50000, 115550]);
    assert.ok(statementShapeScore(lines) >= 7);
  });

  test('no pair that reconciles: rows are evidence, but not enough alone', () => {
    const lines = documentLines(synthDoc(page('500,00', '1.000,00', ['-45,50', '750,00', '-49,00'])));
    assert.equal(reconcileRows(lines, datedRows(lines)), null);
    assert.ok(statementShapeScore(lines) > 0 && statementShapeScore(lines) < 7);
  });

  test('an opening of zero proves nothing (a column and its total)', () => {
    const lines = documentLines(synthDoc(page('0,00', '655,50', ['-45,50', '750,00', '-49,00'])));
    assert.equal(reconcileRows(lines, datedRows(lines)), null);
  });

  test('unsigned amounts in two columns: the column split that reconciles signs them', () => {
    const lines = documentLines(
      synthDoc([
        [40, 100, 'Bestand vorher'],
        [540, 100, '500,00', true],
        [40, 114, '03.02.2026 Einzug'],
        [460, 114, '45,50', true],
        [40, 138, '09.02.2026 Zufluss'],
        [540, 138, '750,00', true],
        [40, 162, '17.02.2026 Einkauf'],
        [460, 162, '49,00', true],
        [40, 186, 'Bestand nachher'],
        [540, 186, '1.155,50', true],
      ]),
    );
    assert.deepEqual(reconcileRows(lines, datedRows(lines))?.signs, [-1, 1, -1]);
  });

  test('no posting read by the rules: the rows are the postings, with their text lines, balances by arithmetic', () => {
    const lines = documentLines(synthDoc(page('500,00', '1.155,50', ['-45,50', '750,00', '-49,00'])));
    const s = structuralSection(lines, [], []);
    assert.ok(s);
    assert.deepEqual(s.postings.map((p) => [p.amount.cents * (p.amount.sign ?? 1), p.lines.length]), [[-4550, 2], [75000, 2], [-4900, 1]]);
    assert.deepEqual([s.opening, s.closing], [50000, 115550]);
  });

  test('equal balances the rows do not explain (no money moved): no structural reading', () => {
    const lines = documentLines(synthDoc(page('500,00', '1.155,50', ['-45,50', '750,00', '-49,00'])));
    const dormant = { ...newSegment(null), opening: 20000, closing: 20000 };
    assert.equal(structuralSection(lines, [dormant], []), null);
  });

  test('a section with postings and no balance label takes the amounts its postings reconcile; a labelled one keeps its own', () => {
    const lines = documentLines(synthDoc(page('500,00', '1.155,50', ['-45,50', '750,00', '-49,00'])));
    const read = structuralSection(lines, [], [])!;
    const unlabelled = { ...read, opening: null, openingLine: null, closing: null, closingLine: null };
    balancesByArithmetic(lines, [unlabelled]);
    assert.deepEqual([unlabelled.opening, unlabelled.closing], [50000, 115550]);
    const labelled = { ...read, opening: 1000, closing: null };
    balancesByArithmetic(lines, [labelled]);
    assert.deepEqual([labelled.opening, labelled.closing], [1000, null]);
  });
});
