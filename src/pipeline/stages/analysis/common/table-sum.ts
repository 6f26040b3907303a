/**
 * The rows of a sum table — a Forderungsaufstellung, a Kostenaufstellung, an Abrechnung — read
 * between its first row and its total row: each printed line in between that carries an amount,
 * with the label as printed and the sign the row's wording or printed sign gives it. The
 * identities of checks.ts add these rows, so a cost that is no key number (Auslagenpauschale,
 * Kontoführungsgebühr, bereits gezahlt) is not silently missing from the sum.
 */
import { foldGerman } from '../../../layout/fold.js';
import type { Check } from '../../../model/result.js';
import type { LabelledAmount } from './labelled-amounts.js';
import { sumCheck } from './checks.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { bracketBeforeFigure, figureAt, rowAmount, rowFigures, type RowFigure } from './row-figures.js';
import { isBefore, isBetween, placeOf } from './line-order.js';
import { centsOf } from './values.js';
import { letterPattern, letterWords } from '../../../layout/letter-words.js';
import { headerCellAbove, sameColumn } from '../../../layout/table/index.js';

export interface SumRow {
  label: string;
  printed: string;
  cents: number;
  /** −1 for a row the total subtracts (a payment already made, "abzüglich", printed negative). */
  sign: 1 | -1;
  line: TextLine;
}

/** Wording of a row that reduces the total. */
export const SUBTRACTS = new RegExp(String.raw`^(\.\/\.|-|${letterWords('subtractStart')})|${letterWords('subtractWord')}`);

/** The row's amount figures and where its label ends. */
export function rowReading(line: TextLine, lines: readonly TextLine[], allColumns = false): { label: string; figures: RowFigure[] } | null {
  const start = line.cells.findIndex((_, i) => figureAt(line, i)?.kind === 'money');
  if (start < 0) return null;
  // Rates and bases of the row stand left of its first money figure too ("Zinsen 5 % aus …").
  let first = line.cells.findIndex((_, i) => figureAt(line, i) !== null);
  // Parts named in brackets before the row's own figure ("Auslagen (Porto 4,11 EUR, …) 16,11 EUR")
  // explain it; the row's figures start after the bracket, its label is the words before it.
  const bracket = line.cells.findIndex((_, i) => i <= first && bracketBeforeFigure(line, i) !== null);
  let labelEnd = first;
  if (bracket >= 0) {
    const close = bracketBeforeFigure(line, bracket)!;
    labelEnd = bracket;
    first = line.cells.findIndex((_, i) => i > close && figureAt(line, i) !== null);
  }
  const figures = rowFigures(line, first, lines);
  const amounts = allColumns ? figures.filter((f) => f.kind === 'money' && (f.role === 'amount' || f.role === 'unknown')) : [rowAmount(figures)].filter((f): f is RowFigure => f !== null);
  if (amounts.length === 0) return null;
  return { label: line.cells.slice(0, labelEnd).map((c) => c.text).join(' ').replace(/[.:…\s]+$/u, '').trim(), figures: amounts };
}

/**
 * The row's label as a name: the words of `label` after its last gap wider than three word
 * heights — the label cell beside the amount, not the text of another column that stands on the
 * same line (`Hinweis: Zahl der Punkte gemäß Bußgeldkatalog … sonstige Auslagen 0,00 EUR`).
 */
function labelCell(line: TextLine, label: string): string {
  const words = label.split(/\s+/u).filter((w) => w !== '');
  const cells = line.cells.slice(0, words.length);
  // The label is the row's first words as printed (its last one without a closing colon).
  if (cells.length !== words.length || cells.some((c, i) => i < words.length - 1 && c.text !== words[i])) return label;
  let from = 0;
  for (let i = 1; i < cells.length; i++) if (cells[i]!.bbox.x - (cells[i - 1]!.bbox.x + cells[i - 1]!.bbox.width) > 3 * line.size) from = i;
  return from === 0 ? label : words.slice(from).join(' ');
}

function signOf(label: string, cents: number): 1 | -1 {
  if (cents < 0) return -1;
  return SUBTRACTS.test(foldGerman(label).trim()) ? -1 : 1;
}

/** Where a printed value stands on its line (its figure's left and right edge), or null. */
export function figureSpan(line: TextLine, printed: string): { x0: number; x1: number } | null {
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f && f.kind === 'money' && (f.printed === printed || printed.includes(f.printed))) return { x0: f.x0, x1: f.x1 };
  }
  return null;
}

/** The money figure of `line` standing in the column (right or left edges within 4 pt: the table model's `sameColumn`). */
export function inColumn(line: TextLine, column: { x0: number; x1: number }): RowFigure | null {
  for (let i = 0; i < line.cells.length; i++) {
    const f = figureAt(line, i);
    if (f && f.kind === 'money' && sameColumn(f, column)) return { ...f, role: 'amount' };
  }
  return null;
}

/**
 * Rows from `first` (included) to `total` (excluded), in document order, over at most one page
 * break (a table continued on the next page under a repeated header); lines without an amount
 * (a wrapped label, a blank) are passed over. With `column` (where the total's amount stands),
 * a row's amount is the one in that column, so a figure inside a wrapped label ("Gegenstandswert
 * 1.486,30 EUR") is not summed. Null when the two are not in that order or too far apart.
 */
export function rowsBetween(lines: readonly TextLine[], first: TextLine, total: TextLine, options: { maxRows?: number; allColumns?: boolean; column?: { x0: number; x1: number } } = {}): SumRow[] | null {
  if (!isBefore(first, total) || total.page - first.page > 1) return null;
  const between = lines.filter((l) => !isBefore(l, first) && isBefore(l, total));
  if (between.length > (options.maxRows ?? 15) + (total.page !== first.page ? 12 : 0)) return null;
  const rows: SumRow[] = [];
  for (const line of between) {
    const r = options.column ? columnReading(line, options.column) : rowReading(line, lines, options.allColumns);
    if (!r) continue;
    // A stacked form prints the label on its own line above the amount.
    if (!r.label) r.label = labelAbove(line, lines) ?? '';
    const cents = r.figures.reduce((a, f) => a + (f.cents ?? 0), 0);
    const printed = r.figures.length === 1 ? r.figures[0]!.printed : r.figures.map((f) => f.printed).join(' + ');
    rows.push({ label: r.label || 'Betrag', printed, cents, sign: signOf(r.label, cents), line });
  }
  return rows;
}

function columnReading(line: TextLine, column: { x0: number; x1: number }): { label: string; figures: RowFigure[] } | null {
  const f = inColumn(line, column);
  if (!f) return null;
  const firstFigure = line.cells.findIndex((_, i) => figureAt(line, i) !== null);
  return { label: line.cells.slice(0, Math.min(firstFigure < 0 ? f.index : firstFigure, f.index)).map((c) => c.text).join(' ').replace(/[.:…\s]+$/u, '').trim(), figures: [f] };
}

/** The line directly above, when it carries no amount of its own: the label of a value printed below it. */
export function labelAbove(line: TextLine, lines: readonly TextLine[]): string | null {
  const above = lines[placeOf(lines, line) - 1];
  if (!above || above.page !== line.page || line.top - above.bottom > 1.5 * Math.max(line.size, 8)) return null;
  return rowReading(above, lines) ? null : above.text.replace(/[.:…\s]+$/u, '').trim();
}

/**
 * Whether the row `line` is a term of a sum the letter prints below it: in one of its money
 * columns (the table model's `sameColumn`), a run of two or more rows on the same page that holds
 * this row adds up exactly to a figure printed further down that column. Such a row is a part of
 * that total — an asset listed for the sum of an estate (`Guthaben bei Kreditinstituten` over
 * `Summe Vermögensanfall`, in the estate's column and in the share's) — and so never the result of
 * the letter's arithmetic, whatever word labels it. Any column will do: OCR may misread a digit in
 * one (a scan's `373.275,92`) while another still adds up. `isResult` names lines that are a
 * result themselves (a refund per tax over `insgesamt zu erstatten`): a sum on such a line does not
 * make its rows parts.
 */
export function termOfSumBelow(lines: readonly TextLine[], line: TextLine, isResult: (l: TextLine) => boolean): boolean {
  const at = placeOf(lines, line);
  if (at < 0) return false;
  const spans = line.cells.map((_, i) => figureAt(line, i)).filter((f): f is NonNullable<typeof f> => f?.kind === 'money' && f.cents !== null);
  return spans.some((span) => sumBelowInColumn(lines, at, span, span.cents!, isResult));
}

/** Whether, in the column of `span`, rows around line `at` (holding `own`) add up to a figure below. */
function sumBelowInColumn(lines: readonly TextLine[], at: number, span: { x0: number; x1: number }, own: number, isResult: (l: TextLine) => boolean): boolean {
  const page = lines[at]!.page;
  const column = (from: number, step: 1 | -1): { at: number; cents: number }[] => {
    const out: { at: number; cents: number }[] = [];
    for (let i = from; i >= 0 && i < lines.length && Math.abs(i - at) <= 10 && lines[i]!.page === page; i += step) {
      const f = inColumn(lines[i]!, span);
      if (!f || f.cents === null) break;
      out.push({ at: i, cents: f.cents });
    }
    return out;
  };
  const above = column(at - 1, -1).reverse();
  const below = column(at + 1, 1);
  for (let start = 0; start <= above.length; start++) {
    let sum = above.slice(start).reduce((a, r) => a + r.cents, own);
    for (let k = 0; k < below.length; k++) {
      const rows = above.length - start + 1 + k;
      if (rows >= 2 && sum === below[k]!.cents && sum !== 0 && !isResult(lines[below[k]!.at]!)) return true;
      sum += below[k]!.cents;
    }
  }
  return false;
}

/** Rows that repeat others' sum (a Zwischensumme) or restate the result per column. */
const SUBTOTAL_ROW = letterPattern('subtotalRow', '$W', '');

/**
 * A part of a sum is smaller than its total while the first row is positive: a part read as the
 * very figure of the total (an interest label over `Gesamtbetrag 3.003,30 EUR`, reaching into the
 * line below for its amount) is the total's figure under another name, so the part is left out —
 * no value rather than a wrong one (issue 22). The first row itself may equal the total (a claim
 * with no costs), but not beside a positive part: then the total holds more than the first row,
 * and a first row read as the total's figure (`Bitte zahlen Sie den Betrag von 341,00 EUR` taken
 * for the claim) is left out too. Mutates `found`.
 */
export function dropPartsEqualToTotal(found: Record<string, { value: string } | null | undefined>, names: { first: string; parts: readonly string[]; total: string }): void {
  const total = centsOf(found[names.total]?.value);
  const first = centsOf(found[names.first]?.value);
  if (total === null || first === null || first <= 0) return;
  for (const part of names.parts) if (centsOf(found[part]?.value) === total) found[part] = null;
  if (first === total && names.parts.some((part) => (centsOf(found[part]?.value) ?? 0) > 0)) found[names.first] = null;
}

/**
 * The identity "first row … + further rows = total" of a sum table (Forderungsaufstellung,
 * Kostenaufstellung): the rows printed from the line of `firstKey` to the line of the total,
 * each named by its key number where it is one, else by its printed label, signed by its
 * wording. The total's candidates are tried in order until one adds up; when none does, the
 * first is reported as failing. Without both lines (values read from running text) the key
 * numbers alone are summed, with the costs read from running text under their own labels
 * (`prose`, a Säumniszuschlag), and reported only when they add up: nothing shows that every cost
 * of the letter was read. Those costs are returned as labelled amounts only then.
 */
export function tableSumCheck(
  rule: string,
  lines: readonly TextLine[],
  found: Record<string, { value: string; page: number; line?: TextLine } | null>,
  names: { first: string; parts: readonly string[]; total: string },
  totalCandidates: readonly { value: string; page: number; line: TextLine }[],
  prose: readonly LabelledAmount[] = [],
): { check: Check; total: { value: string; page: number; line?: TextLine }; labelled?: LabelledAmount[] } | null {
  const first = found[names.first];
  const totals = [found[names.total], ...totalCandidates.filter((c) => c.value !== found[names.total]?.value || c.line !== found[names.total]?.line)].filter((t): t is NonNullable<typeof t> => !!t);
  if (!first || totals.length === 0) return null;
  const keyOfLine = (line: TextLine) => [names.first, ...names.parts].find((n) => found[n]?.line === line);
  let failing: { check: Check; total: (typeof totals)[number] } | null = null;
  if (first.line) {
    for (const total of totals) {
      if (!total.line) continue;
      const span = figureSpan(total.line, total.value);
      const aligned = span && inColumn(first.line, span) ? span : undefined;
      const all = rowsBetween(lines, first.line, total.line, aligned ? { column: aligned } : {});
      const read = all?.filter((r) => r.line === first.line || !SUBTOTAL_ROW.test(foldGerman(r.label).trim()));
      if (!read || read.length === 0) continue;
      const rows = withKeyRows(read, [names.first, ...names.parts].map((n) => found[n]), first.line, total.line);
      const terms = rows.map((r) => ({ name: keyOfLine(r.line) ?? r.label, printed: r.printed, sign: r.sign }));
      const check = sumCheck(rule, terms, { name: names.total, printed: total.value });
      // The rows a holding sum adds that are no key number: amounts the letter demands under its own labels.
      const labelled = rows.filter((r) => r.sign > 0 && !keyOfLine(r.line)).map((r) => ({ label: labelCell(r.line, r.label), value: r.printed, page: r.line.page }));
      if (check?.holds) {
        dropPartsOffTheSum(found, names.parts, rows);
        return { check, total, labelled };
      }
      const itemised = withoutBreakdowns(rows, keyOfLine);
      if (itemised.length < rows.length) {
        const collapsed = sumCheck(rule, itemised.map((r) => ({ name: keyOfLine(r.line) ?? r.label, printed: r.printed, sign: r.sign })), { name: names.total, printed: total.value });
        if (collapsed?.holds) return { check: collapsed, total, labelled: itemised.filter((r) => r.sign > 0 && !keyOfLine(r.line)).map((r) => ({ label: r.label, value: r.printed, page: r.line.page })) };
      }
      const once = withoutRestatedFirst(rows, first.line, keyOfLine);
      if (once.length < rows.length) {
        const counted = sumCheck(rule, once.map((r) => ({ name: keyOfLine(r.line) ?? r.label, printed: r.printed, sign: r.sign })), { name: names.total, printed: total.value });
        if (counted?.holds) return { check: counted, total, labelled: once.filter((r) => r.sign > 0 && !keyOfLine(r.line)).map((r) => ({ label: labelCell(r.line, r.label), value: r.printed, page: r.line.page })) };
      }
      const across = acrossColumns(lines, first as { value: string; line: TextLine }, rows, keyOfLine, names.total, total.value, rule);
      if (across) return { check: across.check, total, labelled: [...labelled, ...across.labelled] };
      // A failing sum is reported only when every line between was read: a line that prints a
      // number but no amount in the column (OCR took its comma or glued a sign) may be the part
      // that is missing, and then nothing shows that the letter's figures do not add up.
      // In prose the parts may share a line with the fine or the total ("… von 28,50 Euro und
      // Auslagen von 3,50 Euro. Sie haben somit insgesamt 92,00 Euro"): amounts there were not
      // read as rows either.
      const unread =
        lines.some((l) => isBetween(l, first.line!, total.line!) && /\d/.test(l.text.replace(/(§|abs\.?|nr\.?)\s*\d+\w*/gi, '')) && !all!.some((r) => r.line.page === l.page && r.line.index === l.index)) ||
        printsOtherAmounts(first.line, first.value) ||
        printsOtherAmounts(total.line, total.value);
      if (!unread) failing ??= check ? { check, total } : null;
    }
  }
  if (failing) return failing;
  const terms = [names.first, ...names.parts].filter((n) => found[n]).map((n) => ({ name: n, printed: found[n]!.value, sign: 1 as const }));
  const check = sumCheck(rule, terms, { name: names.total, printed: totals[0]!.value });
  if (check?.holds) return { check, total: totals[0]! };
  if (prose.length === 0) return null;
  const withProse = sumCheck(rule, [...terms, ...prose.map((p) => ({ name: p.label, printed: p.value, sign: 1 as const }))], { name: names.total, printed: totals[0]!.value });
  return withProse?.holds ? { check: withProse, total: totals[0]!, labelled: [...prose] } : null;
}

const MONEY_FIGURE = /\d{1,3}(?:\.\d{3})*,\d{2}(?!\d|\s?%)/gu;

/** The line prints a money figure besides the one read from it (rates marked `%` aside). */
function printsOtherAmounts(line: TextLine, value: string): boolean {
  const own = centsOf(value);
  return (line.text.match(MONEY_FIGURE) ?? []).some((m) => centsOf(m) !== own);
}

/**
 * One amount under two names: a letter that repeats its invoice down to `Rechnungsbetrag 419,12`
 * and then opens its claim list with the same figure (`offener Rechnungsbetrag 419,12`) counts it
 * once in the total. Rows that are no key number and print exactly the first row's amount are
 * that amount restated and left out — tried only when the plain reading does not add up, and
 * kept only when the sum then holds.
 */
function withoutRestatedFirst(rows: readonly SumRow[], first: TextLine, keyOfLine: (line: TextLine) => string | undefined): SumRow[] {
  const head = rows.find((r) => r.line === first);
  if (!head || head.cents <= 0) return [...rows];
  return rows.filter((r) => r === head || keyOfLine(r.line) || r.cents !== head.cents || r.sign < 0);
}

/**
 * The printed sum judges the parts: once the rows from the first row to the total add up, a part
 * read elsewhere (a sentence before the list: "Auslagen für die Zustellung 4,11 EUR und …") whose
 * figure is no row of that sum would break it, and is not reported — no value rather than a wrong
 * one. The row that carries the part's label in the sum is reported under that label instead.
 * Mutates `found`.
 */
function dropPartsOffTheSum(found: Record<string, { value: string; line?: TextLine } | null>, parts: readonly string[], rows: readonly SumRow[]): void {
  for (const part of parts) {
    const f = found[part];
    if (!f?.line || rows.some((r) => r.line === f.line)) continue;
    const cents = centsOf(f.value);
    if (cents !== null && cents !== 0 && !rows.some((r) => r.cents === cents)) found[part] = null;
  }
}

/**
 * The rows read, and a key number's row that the row reading passed over because its figure is
 * not printed as an amount there (OCR lost its decimal comma: `Verzugszinsen … 715€`, read as
 * 7,15 € by commaDroppedParts): the key's value is that row's amount, in document order.
 */
function withKeyRows(rows: readonly SumRow[], keys: readonly ({ value: string; line?: TextLine } | null | undefined)[], first: TextLine, total: TextLine): SumRow[] {
  const extra = keys.flatMap((k): SumRow[] => {
    const cents = centsOf(k?.value);
    if (!k?.line || cents === null || !isBetween(k.line, first, total) || rows.some((r) => r.line === k.line)) return [];
    return [{ label: '', printed: k.value, cents, sign: 1, line: k.line }];
  });
  if (extra.length === 0) return [...rows];
  return [...rows, ...extra].sort((a, b) => (isBefore(a.line, b.line) ? -1 : isBefore(b.line, a.line) ? 1 : 0));
}

/**
 * A part itemised above its own row (interest computed per claim item — `Miete April 5,08`,
 * `Betriebskosten 2,07` — over `Verzugszinsen 7,15`) is counted once: a run of two or more rows
 * that are no key number and add up exactly to the row after them is that row's breakdown, and
 * is left out of the sum. Tried only when the plain reading does not add up.
 */
function withoutBreakdowns(rows: readonly SumRow[], keyOfLine: (line: TextLine) => string | undefined): SumRow[] {
  const drop = new Set<SumRow>();
  for (let k = 2; k < rows.length; k++) {
    let sum = 0;
    for (let j = k - 1; j >= 1; j--) {
      const r = rows[j]!;
      if (keyOfLine(r.line) || drop.has(r)) break;
      sum += r.cents;
      if (k - j >= 2 && sum === rows[k]!.cents && sum !== 0) {
        for (let m = j; m < k; m++) drop.add(rows[m]!);
        break;
      }
    }
  }
  return rows.filter((r) => !drop.has(r));
}

/**
 * A first row that sums several columns beside the one read (an authority's arrears table:
 * `Summe 1.314,54 | 26,00` under `Betrag | Säumniszuschläge`): the row's further money figures
 * are parts of the total too, each named by the header cell above it. Tried only when the plain
 * reading does not add up, and reported only when this one does.
 */
function acrossColumns(
  lines: readonly TextLine[],
  first: { value: string; line: TextLine },
  rows: readonly SumRow[],
  keyOfLine: (line: TextLine) => string | undefined,
  totalName: string,
  totalValue: string,
  rule: string,
): { check: Check; labelled: LabelledAmount[] } | null {
  const figures = first.line.cells.map((_, i) => figureAt(first.line, i)).filter((f): f is NonNullable<typeof f> => f?.kind === 'money');
  const own = figures.find((f) => f.printed === first.value || first.value.includes(f.printed));
  const others = figures.filter((f) => f !== own && f.x0 > (own?.x1 ?? Infinity));
  if (!own || others.length === 0) return null;
  const named = others.map((f) => ({ label: headerAbove(lines, first.line, f) ?? '', figure: f }));
  if (named.some((n) => !n.label)) return null;
  const terms = [
    { name: keyOfLine(first.line) ?? 'Betrag', printed: own.printed, sign: 1 as const },
    ...named.map((n) => ({ name: n.label, printed: n.figure.printed, sign: 1 as const })),
    ...rows.filter((r) => r.line !== first.line).map((r) => ({ name: keyOfLine(r.line) ?? r.label, printed: r.printed, sign: r.sign })),
  ];
  const check = sumCheck(rule, terms, { name: totalName, printed: totalValue });
  if (!check?.holds) return null;
  return { check, labelled: named.map((n) => ({ label: n.label, value: n.figure.printed, page: first.line.page })) };
}

/** The text of the header cell standing over `figure` (the table model's `headerCellAbove`), without its closing colon or dot. */
function headerAbove(lines: readonly TextLine[], line: TextLine, figure: { x0: number; x1: number }): string | null {
  return headerCellAbove(lines, line, figure)?.replace(/[:.]+$/u, '') ?? null;
}

/**
 * Completes a sum table whose labels OCR could not read (dotted leaders read as letters turn
 * "Gebühr ........ 28,50 €" into "Gebe SAD OWN 28,50 €"): from the line of `first` down, the
 * amounts standing in its column are read in order; the first that equals the sum of those
 * above it is the total, and when exactly one part is missing and exactly one row between is
 * not another part's line, that row is the missing part. Only the arithmetic decides, so a
 * table that does not add up is left as read.
 */
export function completeSumTable(
  lines: readonly TextLine[],
  found: Record<string, { value: string; page: number; line?: TextLine } | null>,
  names: { first: string; parts: readonly string[]; total: string },
  labels: Partial<Record<string, readonly string[]>> = {},
): void {
  const first = found[names.first];
  if (!first?.line || (found[names.total] && names.parts.every((n) => found[n]))) return;
  for (const anchor of firstRowCandidates(lines, first as { value: string; line: TextLine })) {
    if (!completeFrom(lines, found, names, labels, anchor)) continue;
    // The first row is the table's, so that the sum counts the amount once (not its prose statement too).
    if (anchor.line !== first.line) found[names.first] = { value: anchor.printed, page: anchor.line.page, line: anchor.line };
    return;
  }
}

/**
 * Where the first row's figure may head a table: its own line, then the lines below on its page
 * that print the same amount again — a fine notice states the fine in prose (`eine Geldbuße von
 * 200,00 Euro festgesetzt`) and again as the first row of its cost table, whose label OCR may
 * garble (`BEIIRUBE ER mente 200,00 EUR`).
 */
function firstRowCandidates(lines: readonly TextLine[], first: { value: string; line: TextLine }): { line: TextLine; printed: string; span: { x0: number; x1: number } }[] {
  const own = figureSpan(first.line, first.value);
  const out = own ? [{ line: first.line, printed: first.value, span: own }] : [];
  const cents = centsOf(first.value);
  const at = placeOf(lines, first.line);
  for (let i = at + 1; cents !== null && i < lines.length && i <= at + 20 && lines[i]!.page === first.line.page; i++) {
    const f = lines[i]!.cells.map((_, j) => figureAt(lines[i]!, j)).find((g) => g?.kind === 'money' && g.cents === cents);
    if (f) out.push({ line: lines[i]!, printed: f.printed, span: { x0: f.x0, x1: f.x1 } });
  }
  return out;
}

/** completeSumTable from one anchor row: whether a total was found below it. */
function completeFrom(
  lines: readonly TextLine[],
  found: Record<string, { value: string; page: number; line?: TextLine } | null>,
  names: { first: string; parts: readonly string[]; total: string },
  labels: Partial<Record<string, readonly string[]>>,
  anchor: { line: TextLine; span: { x0: number; x1: number } },
): boolean {
  const { line: firstLine, span } = anchor;
  const at = placeOf(lines, firstLine);
  const rows: { line: TextLine; figure: RowFigure; commaDropped?: true }[] = [];
  for (let i = at; i < lines.length && i <= at + 8 && lines[i]!.page === firstLine.page; i++) {
    const f = inColumn(lines[i]!, span);
    const dropped = f ? null : commaDropped(lines[i]!, span);
    if (f) rows.push({ line: lines[i]!, figure: f });
    else if (dropped) rows.push({ line: lines[i]!, figure: dropped, commaDropped: true });
  }
  let sum = 0;
  for (const [k, row] of rows.entries()) {
    if (k >= 2 && row.figure.cents === sum && !row.commaDropped) {
      found[names.total] ??= { value: row.figure.printed, page: row.line.page, line: row.line };
      const known = new Set(names.parts.map((n) => found[n]?.line).filter(Boolean));
      let unclaimed = rows.slice(1, k).filter((r) => !known.has(r.line));
      let missing = names.parts.filter((n) => !found[n]);
      // A row whose line names a missing part (its label read) is that part; then a single
      // part left and a single row left are each other.
      for (const name of [...missing]) {
        const named = unclaimed.filter((r) => labels[name]?.some((l) => r.line.folded.includes(foldGerman(l))));
        if (named.length !== 1) continue;
        found[name] = { value: named[0]!.figure.printed, page: named[0]!.line.page, line: named[0]!.line };
        unclaimed = unclaimed.filter((r) => r !== named[0]);
        missing = missing.filter((n) => n !== name);
      }
      if (missing.length === 1 && unclaimed.length === 1) found[missing[0]!] = { value: unclaimed[0]!.figure.printed, page: unclaimed[0]!.line.page, line: unclaimed[0]!.line };
      return true;
    }
    sum += row.figure.cents ?? 0;
  }
  return false;
}

/**
 * An amount whose decimal comma OCR lost ("Auslagen 350 €" for 3,50 €, "350€"): three or more
 * digits with a currency sign glued to them or as the next word, ending in the column of the
 * table's amounts, on an OCR'd line. Read as cents — which only the table's sum can confirm:
 * completeSumTable takes it only when the rows above the total add up with it so (80,00 + 25,00
 * + 3,50 = 108,50), and never as the total itself (its row is marked `commaDropped`); a text layer is left as printed.
 */
export function commaDropped(line: TextLine, column: { x0: number; x1: number }): RowFigure | null {
  for (let i = 0; i < line.cells.length; i++) {
    const cell = line.cells[i]!;
    if (cell.source !== 'ocr') continue;
    const m = /^(\d{3,6})(€|EUR)?$/u.exec(cell.text);
    const sign = m?.[2] ?? (/^(€|EUR)$/u.test(line.cells[i + 1]?.text ?? '') ? line.cells[i + 1]!.text : null);
    if (!m || !sign) continue;
    const last = m[2] ? cell : line.cells[i + 1]!;
    const x1 = last.bbox.x + last.bbox.width;
    if (Math.abs(x1 - column.x1) > 4) continue;
    const cents = Number(m[1]);
    const printed = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}${m[2] ? sign : ` ${sign}`}`;
    return { index: i, used: m[2] ? 1 : 2, printed, cents, value: cents / 100, kind: 'money', x0: cell.bbox.x, x1, role: 'amount' };
  }
  return null;
}
