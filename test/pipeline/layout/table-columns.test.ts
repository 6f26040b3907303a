import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toLines, type Line } from '../../../src/pipeline/layout/lines.js';
import { amountColumns, cellExtent, cellsOver, clusterEdges, columnOf, flowsIntoText, hasMoney, headerCellAbove, headerCellEnd, headerOver, inColumn, overlaps, sameColumn } from '../../../src/pipeline/layout/table/index.js';
import { pageLines } from '../../../src/pipeline/layout/text-lines.js';
import type { Page, TextCell } from '../../../src/pipeline/model/document.js';

/** A text-layer page from rows of words, each word `[text, x0]`, 10 pt high, 6 pt per character. */
function page(rows: [string, number][][]): Page {
  const cells: TextCell[] = rows.flatMap((row, r) =>
    row.map(([text, x]) => ({ text, bbox: { x, y: 100 + r * 14, width: text.length * 6, height: 10 }, fontSize: 10, source: 'pdf' as const, confidence: 1 })),
  );
  return { number: 1, width: 595, height: 842, source: 'pdf', cells };
}
const linesOf = (rows: [string, number][][]): Line[] => toLines([page(rows)]);
/** A word ending at `right` (right-aligned amounts). */
const at = (text: string, right: number): [string, number] => [text, right - text.length * 6];

describe('table model: amount columns (layout/table/amount-columns.ts)', () => {
  it('finds amount and balance columns by right edge, left to right', () => {
    const lines = linesOf([
      [['01.03.', 40], ['Miete', 90], at('-850,00', 400), at('1.150,00', 500)],
      [['02.03.', 40], ['Gehalt', 90], at('2.400,00', 400), at('3.550,00', 500)],
      [['05.03.', 40], ['Strom', 90], at('-64,10', 401), at('3.485,90', 499)],
      [['07.03.', 40], ['Bäcker', 90], at('-3,20', 400), at('3.482,70', 500)],
    ]);
    const found = amountColumns(lines);
    assert.equal(found.flattened, false);
    assert.deepEqual(found.columns.map((c) => [Math.round(c.x1), c.n]), [[400, 4], [500, 4]]);
  });

  it('reads text that runs into its amounts as flattened, wherever the text ends', () => {
    const lines = linesOf([
      [['01.03.', 40], ['Miete', 90], ['Wohnung', 126], ['-850,00', 174]],
      [['02.03.', 40], ['Gehalt', 90], ['2.400,00', 132]],
      [['05.03.', 40], ['Strom', 90], ['Stadtwerke', 126], ['Abschlag', 192], ['-64,10', 246]],
      [['07.03.', 40], ['Bäcker', 90], ['-3,20', 132]],
    ]);
    assert.equal(flowsIntoText(lines), true);
    assert.deepEqual(amountColumns(lines), { flattened: true, columns: [], size: 10 });
  });

  it('reads a table whose cells hold one word each as columns: its gaps are column gaps, no word spaces', () => {
    // Only column gaps on every line (no gap narrower than a line height): nothing runs into an amount.
    const lines = linesOf([
      [['02.09.25', 40], ['Gutschrift', 100], ['02.09.25', 260], at('834,00', 440), at('4.196,65', 520)],
      [['08.09.25', 40], ['Kartenzahlung', 100], ['08.09.25', 260], at('131,81', 380), at('4.064,84', 520)],
      [['17.09.25', 40], ['Gutschrift', 100], ['19.09.25', 260], at('153,54', 440), at('4.218,38', 520)],
      [['24.09.25', 40], ['Kartenzahlung', 100], ['24.09.25', 260], at('65,36', 380), at('4.153,48', 520)],
    ]);
    assert.equal(flowsIntoText(lines), false);
    assert.deepEqual(amountColumns(lines).columns.map((c) => [Math.round(c.x1), c.n]), [[380, 2], [440, 2], [520, 4]]);
  });

  it('reads amounts scattered over more than three right edges as flattened', () => {
    const lines = linesOf([0, 1, 2, 3, 4, 5].map((k) => [['Posten', 40], at('1,00', 200 + k * 60)]));
    assert.equal(amountColumns(lines).flattened, true);
  });

  it('has no columns without amounts', () => {
    assert.deepEqual(amountColumns(linesOf([[['Kein', 40], ['Betrag', 80]]])).columns, []);
  });

  it('clusters right edges within the tolerance of the running mean', () => {
    assert.deepEqual(clusterEdges([100, 103, 200, 98, 205], 4), [
      { x1: 100.33333333333333, n: 3 },
      { x1: 200, n: 1 },
      { x1: 205, n: 1 },
    ]);
  });

  it('puts a header cell over the column whose amounts end at or past its start', () => {
    const cells = [
      { x0: 300, x1: 340, role: 'debit' },
      { x0: 380, x1: 420, role: 'credit' },
    ];
    assert.equal(headerOver(418, cells, 10)?.role, 'credit');
    assert.equal(headerOver(345, cells, 10)?.role, 'debit');
    // Ending left of every cell's start by more than a line height: under none.
    assert.equal(headerOver(250, cells, 10), null);
    // Too far right of every cell.
    assert.equal(headerOver(560, cells, 10), null);
  });

  it('extends a header cell over the words that continue it, but not across a column gap', () => {
    const [line] = linesOf([[['Belastung', 300], ['in', 358], ['EUR', 373], ['Saldo', 480]]]);
    const continues = (k: number) => /^(in|eur)$/i.test(line!.words[k]!.text);
    assert.equal(headerCellEnd(line!.words, 0, line!.size, continues), 391);
    assert.equal(headerCellEnd(line!.words, 3, line!.size, continues), 510);
    const apart = linesOf([[['Belastung', 300], ['EUR', 420]]])[0]!;
    assert.equal(headerCellEnd(apart.words, 0, apart.size, () => true), 354);
  });

  it('answers the column of an amount by its right edge, or none', () => {
    const columns = [{ x1: 400 }, { x1: 500 }];
    assert.equal(columnOf({ x1: 404 }, columns, 10), columns[0]);
    assert.equal(columnOf({ x1: 470 }, columns, 10), null);
    const [line] = linesOf([[['Miete', 90], at('-850,00', 405)]]);
    assert.equal(inColumn(line!.amounts, columns[0]!, 4), true);
    assert.equal(inColumn(line!.amounts, columns[1]!, 10), false);
  });
});

describe('table model: columns on text lines (layout/table/cell-columns.ts)', () => {
  const textLines = (rows: [string, number][][]) => pageLines(page(rows));

  it('finds the header cells over a figure within the slack, and none beside it', () => {
    const cells = [
      { text: 'Satz', x0: 200, x1: 224 },
      { text: 'Betrag', x0: 300, x1: 336 },
    ];
    assert.deepEqual(cellsOver({ x0: 310, x1: 340 }, cells).map((c) => c.text), ['Betrag']);
    assert.deepEqual(cellsOver({ x0: 228, x1: 295 }, cells).map((c) => c.text), ['Satz', 'Betrag']);
    assert.deepEqual(cellsOver({ x0: 250, x1: 280 }, cells), []);
    assert.equal(overlaps({ x0: 342, x1: 360 }, cells[1]!), true);
    assert.equal(overlaps({ x0: 343, x1: 360 }, cells[1]!), false);
  });

  it('puts two figures in one column by right or by left edge', () => {
    assert.equal(sameColumn({ x0: 300, x1: 340 }, { x0: 310, x1: 343 }), true);
    assert.equal(sameColumn({ x0: 300, x1: 340 }, { x0: 302, x1: 360 }), true);
    assert.equal(sameColumn({ x0: 300, x1: 340 }, { x0: 310, x1: 350 }), false);
  });

  it('reads the header cell over a figure on the nearest line above without money', () => {
    const lines = textLines([
      [['Forderung', 40], ['Betrag', 300], ['Säumniszuschläge', 400]],
      [['Summe', 40], at('1.314,54', 336), at('26,00', 496)],
    ]);
    assert.equal(hasMoney(lines[0]!), false);
    assert.equal(hasMoney(lines[1]!), true);
    assert.equal(cellExtent(lines[1]!.cells[1]!).x1, 336);
    assert.equal(headerCellAbove(lines, lines[1]!, { x0: 466, x1: 496 }), 'Säumniszuschläge');
    // Nothing but a short mark over the figure: no header.
    const marked = textLines([
      [['Posten', 40], ['€', 480]],
      [['Summe', 40], at('26,00', 496)],
    ]);
    assert.equal(headerCellAbove(marked, marked[1]!, { x0: 466, x1: 496 }), null);
  });

  it('passes over rows with money on the way up, and stops at the page or the window', () => {
    const lines = textLines([
      [['Posten', 40], ['Betrag', 300]],
      [['Gebühr', 40], at('28,50', 336)],
      [['Auslagen', 40], at('3,50', 336)],
    ]);
    assert.equal(headerCellAbove(lines, lines[2]!, { x0: 306, x1: 336 }), 'Betrag');
    assert.equal(headerCellAbove(lines, lines[2]!, { x0: 306, x1: 336 }, 1), null);
  });
});
