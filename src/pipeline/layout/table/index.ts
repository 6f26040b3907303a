/**
 * The table model (issue 21): one place for what the stages read as a table, by the part of a
 * page they look at —
 * - a row of money figures and the rows beneath in the same columns (`columnRows`,
 *   `moneyFigures`: a Festsetzung with the taxes as columns, a cost table);
 * - label–value grids: labels over their values (`labelValueGrid`, a balance summary box) or
 *   beside them on one line (`labelValuePairs`);
 * - ruled rows: the row boundaries a page draws across a table's width (`rowBoundaries`,
 *   `bandOf`: rules and shaded bands from the page's drawing, reading/page-rules.ts).
 * Positions only, for every stage alike; what a column, a label or a row means is the stage's.
 * Stages import the table model from here, never its files.
 */
export { columnRows, moneyFigures, type ColumnRow } from './column-rows.js';
export { labelCells, labelValueGrid, labelValuePairs, type GridEntry, type LabelCell, type LabelPair } from './label-grid.js';
export { bandOf, rowBoundaries, type Span } from './ruled-rows.js';
export { amountColumns, clusterEdges, columnOf, flowsIntoText, headerCellEnd, headerOver, inColumn, median, type AmountColumns, type EdgeColumn, type HeaderCell } from './amount-columns.js';
export { cellExtent, cellsOver, hasMoney, headerCellAbove, overlaps, sameColumn, type Extent } from './cell-columns.js';
