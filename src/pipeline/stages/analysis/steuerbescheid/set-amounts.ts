/**
 * The amounts a tax notice sets in its `Festsetzung` section (issue 22 §6): a Hundesteuer per
 * period, a Kfz-Steuer `für die Zeit ab … auf jährlich ........ 141,00 EUR` behind dotted
 * leaders, the tax of an amended period. Each row of the section with an amount (its amount as
 * the row reading decides: rate, base and count are passed over) is returned with its label; a
 * row labelled only by its period (dates) is named by the header of its amount column (`Steuer`)
 * followed by what is left of the label. They become key numbers under names from those labels
 * (common/labelled-amounts.ts); SPEC's names are read as before and keep their values.
 */
import { foldGerman } from '../../../layout/fold.js';
import { placeOf } from '../../../layout/line-order.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { labelKeyName, type LabelledAmount } from '../common/labelled-amounts.js';
import { rowReading } from '../common/table-sum.js';
import { centsOf } from '../common/values.js';
import { STEUER_HEADINGS } from './sections.js';
import { letterWords } from '../../../layout/letter-words.js';

/** A credited row (`abzüglich`, `ab`, `bereits entrichtet`): no amount the notice sets; `ab <date>` starts a period. */
const CREDITED = new RegExp(String.raw`^(\.\/\.|-|${letterWords('subtractStart')})|${letterWords('subtractWord')}`);

/** Rows read below the heading at most. */
const SECTION_ROWS = 10;

/**
 * The next section's heading: a known one, or a short line without figures printed as large as
 * the Festsetzung heading. With `headerRows`, only one run of words: a line of three or more
 * words standing apart as columns (`Einwegverpackung | Stück | Steuersatz | Steuer`) is the header
 * row of the table the tenor introduces, and the rows under it are what the notice sets.
 * (Only the settlement check reads so far yet: as key numbers, such tables' rows — a Messbetrag
 * beside the Jahressteuer, fee kinds a demanded total already names — need their own reading.)
 */
const isHeading = (l: TextLine, heading: TextLine, headerRows: boolean) => {
  const t = foldGerman(l.text).replace(/[^a-z ]/g, '').trim();
  const short = t.split(/\s+/).length <= 5;
  return short && (STEUER_HEADINGS.some((h) => t.startsWith(h)) || (!/\d/.test(l.text) && l.size >= heading.size - 0.5 && !(headerRows && columnCount(l) >= 3)));
};

/** The runs of words of a line, cut at gaps wider than two word heights (a word space is about a third of one). */
function columnCount(l: TextLine): number {
  let n = 1;
  for (let i = 1; i < l.cells.length; i++) if (l.cells[i]!.bbox.x - (l.cells[i - 1]!.bbox.x + l.cells[i - 1]!.bbox.width) > 2 * l.size) n++;
  return n;
}

/**
 * A notice's tenor introduces its table instead of a heading ("… werden die Vorauszahlungen …
 * wie folgt festgesetzt:", "setzen wir … wie folgt fest:"): the line ends in the verb of setting
 * and a colon.
 */
const TENOR_INTRO = /\b(?:festgesetzt|fest)\s*:$/;
/** The tenor in one line ("Die Grunderwerbsteuer wird festgesetzt auf 12.203,00 €"): the label before the verb. */
const TENOR_LINE = /^(?:die|der|das)\s+(.+?)\s+(?:wird|werden)\s+(?:\S+\s+)?festgesetzt\s+auf\s+[\d.,]+\s*(?:€|eur)?$/iu;
/** A line of running text: many words and no amount (the tenor's table has ended). */
const prose = (l: TextLine) => l.cells.length >= 8 && !/\d,\d{2}\b/.test(l.text);

/** An amount set, with the row that prints it. */
export type SetAmount = LabelledAmount & { line: TextLine };

export function setAmounts(lines: readonly TextLine[], { headerRows = false } = {}): SetAmount[] {
  const out: SetAmount[] = [];
  for (const l of lines) {
    const tenor = TENOR_LINE.exec(l.text.trim());
    const row = tenor ? rowReading(l, lines, true) : null;
    const amount = row?.figures.filter((f) => f.kind === 'money').at(-1);
    if (tenor && amount && amount.cents !== null && amount.cents > 0) out.push({ label: tenor[1]!, value: amount.printed, page: l.page, line: l });
  }
  for (const heading of lines) {
    const introduced = TENOR_INTRO.test(foldGerman(heading.text).trim());
    if (!introduced && !/^festsetzung$/.test(foldGerman(heading.text).replace(/[^a-z]/g, ''))) continue;
    const at = placeOf(lines, heading);
    for (let i = at + 1; i < lines.length && i <= at + SECTION_ROWS; i++) {
      const l = lines[i]!;
      if (l.page !== heading.page || isHeading(l, heading, headerRows) || (introduced && prose(l))) break;
      // The amount column is the table's last (`Steuersatz | Monate | Steuer`): the row's rightmost money figure.
      const row = rowReading(l, lines, true);
      const amount = row?.figures.filter((f) => f.kind === 'money').at(-1);
      if (!row || !amount || amount.cents === null || amount.cents <= 0 || CREDITED.test(foldGerman(row.label).replace(/^ab\s+\d/, '').trim())) continue;
      const label = labelKeyName(row.label) ? row.label : `${columnHeader(lines, heading, i, amount.x0, amount.x1) ?? ''} ${row.label}`.trim();
      out.push({ label, value: amount.printed, page: l.page, line: l });
    }
  }
  return out;
}

/** The text of the nearest cell above row `i` (below the heading) that stands over the amount's span. */
function columnHeader(lines: readonly TextLine[], heading: TextLine, i: number, x0: number, x1: number): string | null {
  for (let j = i - 1; j > placeOf(lines, heading); j--) {
    const cell = lines[j]!.cells.find((c) => c.bbox.x < x1 + 4 && c.bbox.x + c.bbox.width > x0 - 4 && /[A-Za-zÄÖÜäöü]{3}/.test(c.text));
    if (cell) return cell.text;
  }
  return null;
}

/**
 * The amount a Festsetzung sets as a whole, for the summary: the row that sums the rows set above
 * it (`April | Mai | Juni` and `Beherbergungsteuer II. Quartal 3.935,73`), else the first row set.
 */
export function setTotal<T extends LabelledAmount>(amounts: readonly T[]): T | null {
  return summingRow(amounts) ?? amounts[0] ?? null;
}

/** The row set that sums the two or more rows set above it, or null where none does. */
export function summingRow<T extends LabelledAmount>(amounts: readonly T[]): T | null {
  let sum = 0;
  for (const [k, a] of amounts.entries()) {
    const cents = centsOf(a.value);
    if (cents === null) break;
    if (k >= 2 && cents === sum) return a;
    sum += cents;
  }
  return null;
}
