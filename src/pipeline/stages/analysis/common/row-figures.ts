/**
 * What each number of a table row means. Letters print rows with several numbers —
 * `Krankenversicherung 8,55 % 3.920,00 335,16` (rate, base, amount), `Zinsen 12,00 % aus
 * 1.250,00 € vom … bis … 15,23 €`, `Lohnsteuer 412,00 4.944,00` (month, year to date),
 * `KV 335,16 335,16` (employee, employer share). A key number is the row's amount, never its rate
 * or base. The role of each figure is decided, strongest evidence first, by:
 * 1. the column header above it (`Satz`, `Basis`, `Betrag`, `AN-Anteil`, `kumuliert` …);
 * 2. the arithmetic of the row: rate × base = amount, quantity × unit price = amount;
 * 3. the unit and the word before it: a `%` makes a rate, `aus` / `auf` a base, `Std.` / `Tage`
 *    a quantity.
 * What is left is unknown; the amount of a row is its first figure with the role `amount`, else
 * its first unknown money figure.
 */
import { figureAt, strip, type Figure } from '../../../layout/figures.js';
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { placeOf } from './line-order.js';
import { cellExtent, cellsOver, hasMoney } from '../../../layout/table/index.js';
import { letterPattern, printedWords } from '../../../layout/letter-words.js';

/** The figure reader and the amount-column test moved down to layout/figures.ts (the layout's OCR repairs read figures too). */
export { figureAt, inAmountColumn } from '../../../layout/figures.js';

/** `other`: a column that is neither the row's amount nor one of the above (credited, remaining, an earlier month). */
export type FigureRole = 'amount' | 'rate' | 'base' | 'quantity' | 'ytd' | 'employer' | 'other' | 'unknown';

export interface RowFigure extends Figure {
  role: FigureRole;
}

const BASE_MARKER = new RegExp(`^(${printedWords('statement', 'baseMarker')})$`, 'i');
/** A printed word after a money figure that starts no new label. */
const FIGURE_CONTINUES = new RegExp(`^(${printedWords('statement', 'figureContinues')})$`, 'i');

/** Header words of a table column, folded, by the role of the figures below them. */
const HEADER_ROLES: [RegExp, FigureRole][] = [
  [letterPattern('headerYtd', '$W', ''), 'ytd'],
  [letterPattern('headerEmployer', '$W', ''), 'employer'],
  [letterPattern('headerRate', '$W', ''), 'rate'],
  [letterPattern('headerBase', '$W', ''), 'base'],
  [letterPattern('headerQuantity', '$W', ''), 'quantity'],
  // The columns of an Abrechnung beside the one fixed: what is credited and what remains.
  [letterPattern('headerOther', '$W', ''), 'other'],
  [letterPattern('headerAmount', '$W', ''), 'amount'],
];

function headerRole(text: string): FigureRole | null {
  const f = foldGerman(text).trim();
  for (const [re, role] of HEADER_ROLES) if (re.test(f)) return role;
  return null;
}

/**
 * The column header of the table `line` belongs to: the nearest line above on the same page
 * without money figures, reached over the table's own rows (each at most three line heights
 * below the one before), whose words name column roles. Its cells with roles, or [].
 */
const MONTH = letterPattern('monthOrAbbrev', String.raw`^($W)\.?$`, '');

/**
 * A comparison layout prints months side by side (Februar | März): the rightmost month is the
 * one billed, the others are earlier months.
 */
function monthColumns(cells: readonly { text: string; x0: number; x1: number }[]): HeaderCell[] {
  // A month's column spans its year printed after it ("März 2026").
  const months = cells.flatMap((c, i) => {
    if (!MONTH.test(foldGerman(c.text).trim())) return [];
    const year = cells[i + 1];
    return [{ text: c.text, x0: c.x0, x1: year && /^(19|20)\d{2}$/.test(year.text) ? year.x1 : c.x1 }];
  });
  if (months.length < 2) return [];
  const last = months.reduce((a, b) => (b.x0 > a.x0 ? b : a));
  return months.map((m) => ({ role: m === last ? 'amount' : 'other', text: m.text, rate: null, x0: m.x0, x1: m.x1 }));
}

/** A header cell with the role it gives the figures below it, as printed. */
interface HeaderCell {
  role: FigureRole;
  text: string;
  /** The rate the cell prints (`6 %`: 6; `%` after the word `6`: 6), else null. */
  rate: number | null;
  x0: number;
  x1: number;
}

/** The rate a header word prints, alone (`6%`) or as `%` after its number (`6` `%`). */
function headerRate(words: readonly { text: string }[], i: number): number | null {
  const own = /^(\d{1,2}(?:,\d{1,3})?)\s?%$/u.exec(words[i]!.text);
  const before = words[i]!.text === '%' ? /^(\d{1,2}(?:,\d{1,3})?)$/u.exec(words[i - 1]?.text ?? '') : null;
  const number = own?.[1] ?? before?.[1];
  return number ? Number(number.replace(',', '.')) : null;
}

/**
 * Whether `above`, a row without amounts, titles boxes that stand side by side (Steuern |
 * Sozialversicherung | Netto): two or more of its words start where a label of the row below
 * starts (left edges within half a word height), each box's title over its first label. Such a
 * row opens a new table; a column header further up belongs to the table before it.
 */
function boxTitles(above: TextLine, below: TextLine): boolean {
  const reach = Math.max(below.size, 6) / 2;
  const labelStarts = below.cells.filter((c) => /^\p{L}{2}/u.test(c.text)).map((c) => c.bbox.x);
  const titled = above.cells.filter((c) => /^\p{L}{3}/u.test(c.text) && labelStarts.some((x) => Math.abs(x - c.bbox.x) <= reach));
  return titled.length >= 2;
}

function columnHeader(line: TextLine, lines: readonly TextLine[]): HeaderCell[] {
  let at = placeOf(lines, line);
  let below = line;
  for (let steps = 0; steps < 25 && at > 0; steps++) {
    const above = lines[at - 1]!;
    if (above.page !== line.page || below.top - above.bottom > 3 * Math.max(above.size, 8)) return [];
    if (!hasMoney(above)) {
      const months = monthColumns(above.cells.map((c) => ({ text: c.text, ...cellExtent(c) })));
      if (months.length) return months;
      const cells = above.cells.map((c, i) => ({ role: headerRole(c.text), text: c.text, rate: headerRate(above.cells, i), ...cellExtent(c) })).filter((c): c is HeaderCell => c.role !== null);
      // A header names at least two columns, or names one and is not a sentence.
      if (cells.length >= 2 || (cells.length === 1 && above.cells.length <= 4)) return cells;
      // Titles of boxes side by side (Steuern | Sozialversicherung | Netto) open a table of their own.
      if (boxTitles(above, below)) return [];
      // A short row of the table without amounts (Steuerklasse 1 | 6) is passed over; prose ends the table.
      if (above.cells.length > 6) return [];
    }
    below = above;
    at--;
  }
  return [];
}

/**
 * Whether the line above names the figures' columns one by one (Einkommensteuer |
 * Solidaritätszuschlag | Kirchensteuer): then each figure is the amount of its own column.
 */
function namedColumns(line: TextLine, lines: readonly TextLine[], figures: readonly RowFigure[]): boolean {
  const above = lines[placeOf(lines, line) - 1];
  if (!above || above.page !== line.page || hasMoney(above)) return false;
  const named = figures.filter((f) => cellsOver(f, above.cells.map((c) => ({ text: c.text, ...cellExtent(c) }))).some((c) => /\p{L}{3}/u.test(c.text)));
  return named.length >= 2;
}

/** A word that can start a label: three letters, or an abbreviation compound (`RV-Beitrag`, `KV-AN`). */
const STARTS_LABEL = /^(?:[A-Za-zÄÖÜäöüß]{3,}|[A-ZÄÖÜ]{2}-[A-Za-zÄÖÜäöüß]{2,})/u;

const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.002);

/**
 * A column whose header prints the rate it is computed at (`Steuer 6 %`) holds amounts, not
 * rates: where a money figure under it is that rate of another money figure of the row
 * (18.420,00 × 6 % = 1.105,20), the row's arithmetic says so — it is the amount, the other its
 * base. Without that arithmetic the header's role stands.
 */
function ratedColumn(figures: RowFigure[], header: readonly HeaderCell[]): void {
  const money = figures.filter((f) => f.kind === 'money');
  for (const f of money) {
    const rate = cellsOver(f, header).find((c) => c.role === 'rate' && c.rate)?.rate;
    if (!rate || f.role !== 'rate') continue;
    const base = money.find((m) => m !== f && close((Math.abs(m.value) * rate) / 100, Math.abs(f.value)));
    if (!base) continue;
    f.role = 'amount';
    base.role = 'base';
  }
}

/** A short label word: an abbreviation of two capitals (`RV`, `SV`, `KV`), with a dot or colon. */
const SHORT_LABEL = /^[A-ZÄÖÜ]{2}[.:]?$/u;

/**
 * Whether the word at `i` opens the next box of a row of boxes side by side (Steuern |
 * Sozialversicherung | Netto, each with its label left and its amount right-aligned at the box's
 * edge): after a money figure, a wide gap (more than one and a half word heights), and the group
 * of words it opens names a label — a two-capital abbreviation (`RV 9,30 %`, `- SV`) that
 * STARTS_LABEL lets pass. Its figures belong to that label, never to the one before the gap.
 */
function nextBox(line: TextLine, i: number): boolean {
  const cell = line.cells[i]!;
  const prev = line.cells[i - 1];
  if (!prev || cell.bbox.x - (prev.bbox.x + prev.bbox.width) <= 1.5 * Math.max(line.size, 6)) return false;
  for (let j = i; j < line.cells.length && j < i + 3 && !figureAt(line, j); j++) {
    const w = strip(line.cells[j]!.text);
    if (SHORT_LABEL.test(w) && !FIGURE_CONTINUES.test(w)) return true;
  }
  return false;
}

/**
 * The figures of `line` from cell `from` on, each with its role. Stops at a word that starts
 * another label once a money figure was seen (one printed line may hold two label–value pairs).
 */
export function rowFigures(line: TextLine, from: number, lines: readonly TextLine[]): RowFigure[] {
  const figures: RowFigure[] = [];
  let marker: string | null = null;
  for (let i = from; i < line.cells.length; ) {
    const f = figureAt(line, i);
    if (f) {
      const role: FigureRole = f.kind === 'percent' ? 'rate' : f.kind === 'quantity' ? 'quantity' : marker && BASE_MARKER.test(marker) ? 'base' : 'unknown';
      figures.push({ ...f, role });
      marker = null;
      i += f.used;
      continue;
    }
    const word = strip(line.cells[i]!.text);
    if (figures.some((g) => g.kind === 'money') && STARTS_LABEL.test(word) && !BASE_MARKER.test(word) && !FIGURE_CONTINUES.test(word)) break;
    if (figures.some((g) => g.kind === 'money') && nextBox(line, i)) break;
    marker = word;
    i++;
  }
  if (figures.length < 2) return figures;
  // 1. Column headers.
  const header = columnHeader(line, lines);
  for (const f of figures) {
    const under = cellsOver(f, header);
    if (under.length === 1 && (f.kind === 'money' || under[0]!.role === 'rate' || under[0]!.role === 'quantity')) f.role = under[0]!.role;
  }
  ratedColumn(figures, header);
  // 2. Arithmetic: rate × base = amount, quantity × price = amount.
  const money = figures.filter((f) => f.kind === 'money');
  for (const r of figures.filter((f) => f.kind === 'percent')) {
    for (const base of money) {
      const amount = money.find((m) => m !== base && close(Math.abs(base.value) * r.value / 100, Math.abs(m.value)));
      if (amount && Math.abs(base.value) > Math.abs(amount.value)) {
        if (base.role === 'unknown' || base.role === 'amount') base.role = 'base';
        if (amount.role === 'unknown') amount.role = 'amount';
      }
    }
  }
  for (const q of figures.filter((f) => f.kind === 'quantity' || (f.kind === 'money' && f.role === 'unknown'))) {
    for (const price of money) {
      if (price === q) continue;
      const amount = money.find((m) => m !== price && m !== q && close(Math.abs(q.value * price.value), Math.abs(m.value)));
      if (amount && amount.role === 'unknown') {
        amount.role = 'amount';
        if (price.role === 'unknown') price.role = 'rate';
        if (q.role === 'unknown') q.role = 'quantity';
      }
    }
  }
  // 3. Size: a base or a running total is many times the row's own amount (SV-Entgelt 3.840,00
  // beside 92,16; a year's 4.944,00 beside the month's 412,00). Where two or more money figures
  // are still unknown and the largest is at least five times the smallest, the largest is not
  // the amount.
  const unknown = figures.filter((f) => f.kind === 'money' && f.role === 'unknown');
  if (unknown.length >= 2 && header.length === 0 && !namedColumns(line, lines, unknown)) {
    const sizes = unknown.map((f) => Math.abs(f.value));
    const largest = unknown[sizes.indexOf(Math.max(...sizes))]!;
    if (Math.max(...sizes) >= 5 * Math.min(...sizes) && Math.min(...sizes) > 0) largest.role = 'other';
  }
  return figures;
}

/** The amount of a row: its first `amount` figure, else its first money figure of unknown role. */
export function rowAmount(figures: readonly RowFigure[]): RowFigure | null {
  return figures.find((f) => f.kind === 'money' && f.role === 'amount') ?? figures.find((f) => f.kind === 'money' && f.role === 'unknown') ?? null;
}

/**
 * When the word at `k` opens a bracket that holds a money figure and closes on the same line with
 * a money figure after it, the index of the closing word; else null. The bracket's amounts are the
 * parts or the basis of the figure that follows it, not the row's value.
 */
export function bracketBeforeFigure(line: TextLine, k: number): number | null {
  if (!line.cells[k]!.text.startsWith('(')) return null;
  let close = -1;
  for (let j = k; j < line.cells.length; j++) {
    if (/\)[,;:.]?$/u.test(line.cells[j]!.text)) {
      close = j;
      break;
    }
  }
  if (close < 0) return null;
  const inside = line.cells.slice(k, close + 1).some((_, i) => figureAt(line, k + i)?.kind === 'money');
  if (!inside) return null;
  for (let j = close + 1; j < line.cells.length; j++) if (figureAt(line, j)?.kind === 'money') return close;
  return null;
}
