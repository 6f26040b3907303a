import type { AmountToken, Line } from '../../layout/lines.js';
import { fold } from '../../layout/fold.js';
import { labelCells, type LabelCell } from '../../layout/table/index.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import { ibanOf } from './accounts.js';
import type { Posting } from './posting.js';
import { newSegment, type Segment } from './sections.js';

/**
 * Several accounts in ONE list (issue 21): an online-banking print of "all accounts" sorts the
 * postings of every account by date into one list and names each posting's account in a column
 * of its own (`03.04.2025 | Girokonto …7192 | Überweisung | -1.246,38`); each account's balances
 * stand only in the overview box above the list, one row per account under balance labels:
 *
 *     Konto             IBAN                          Saldo am 31.03.2025   Saldo am 30.04.2025
 *     Girokonto …7192   DE17 9614 1919 1774 8471 92          3.609,95 EUR         -1.800,71 EUR
 *
 * Banks mask the account number in such lists to its last digits (`…7192`, `***7192`,
 * `xxxx7192`); those digits end the account's IBAN, which the overview prints in full. A
 * statement of one account per section (finanzreport-multi) names its account by an IBAN
 * heading instead and never reaches this rule.
 */

/** One row of the accounts overview: the IBAN and the balances its balance labels say open and close. */
export interface OverviewAccount {
  iban: string;
  line: Line;
  /** The row's first cell (`Girokonto …7192`, `Tagesgeld`), folded: the name a list may print instead of the number. */
  name: string;
  opening: AmountToken | null;
  closing: AmountToken | null;
}

/** A masked account number: the last digits after `…`, `...`, `**`, `xx` (or the marker as a word of its own). */
const MASKED = /^(?:…|\.{3}|\*{2,}|[xX]{2,})?(\d{3,})$/u;
const MARK = /(?:…|\.{3}|\*{2,}|[xX]{2,})\d{3,}$|^(?:…|\.{3}|\*{2,}|[xX]{2,})$/u;

/**
 * The overview rows of a document's lines outside postings: a line with an account's IBAN and
 * at least one amount and no date, below a header line (no amounts) of balance labels; rows
 * stacked under the same header share it. Each amount belongs to the header cell it stands
 * under. The opening balance is under an opening label or the earlier of two dated balance
 * labels (`Saldo am 31.03.2025`), the closing one under a closing label or the later date;
 * where the labels do not say which opens, neither balance is taken (null, never a guess).
 */
export function accountOverview(lines: readonly Line[]): OverviewAccount[] {
  const out: OverviewAccount[] = [];
  let header: Line | null = null;
  let prev: Line | null = null;
  for (const line of lines) {
    const iban = line.amounts.length > 0 && line.dates.length === 0 ? ibanOf(line) : null;
    if (!iban) {
      header = line.amounts.length === 0 ? line : null;
      prev = line;
      continue;
    }
    // A row stands right under its header or under another row of the same box.
    if (!header || header.page !== line.page || (prev !== header && !out.some((o) => o.line === prev))) {
      prev = line;
      continue;
    }
    const { opening, closing } = balancesUnder(header, line);
    const first = labelCells(line)[0];
    out.push({ iban, line, name: first && !/\d{5,}/u.test(first.text) ? first.folded : '', opening, closing });
    prev = line;
  }
  return out;
}

function balancesUnder(header: Line, row: Line): { opening: AmountToken | null; closing: AmountToken | null } {
  const cells = labelCells(header);
  const dateOf = (c: LabelCell): number | null => {
    const d = header.dates.find((t) => t.x0 >= c.x0 - 1 && t.x1 <= c.x1 + 1)?.date;
    return d && d.year !== null ? d.year * 10000 + d.month * 100 + d.day : null;
  };
  const under = row.amounts.map((a) => ({ a, cell: cellOver(cells, a, header) })).filter((e): e is { a: AmountToken; cell: LabelCell } => e.cell !== null);
  const opening = under.filter((e) => vocab.opening.test(e.cell.folded) || vocab.summaryOpening.test(e.cell.folded));
  const closing = under.filter((e) => !opening.includes(e) && (vocab.closing.test(e.cell.folded) || vocab.summaryClosing.test(e.cell.folded)));
  const dated = under
    .filter((e) => !opening.includes(e) && !closing.includes(e) && vocab.balanceAt.test(e.cell.folded) && dateOf(e.cell) !== null)
    .sort((x, y) => dateOf(x.cell)! - dateOf(y.cell)!);
  const open = opening.length === 1 ? opening[0] : opening.length === 0 && dated.length >= 2 ? dated[0] : undefined;
  const close = closing.length === 1 ? closing[0] : closing.length === 0 && dated.length >= 2 && dateOf(dated.at(-1)!.cell)! > dateOf(dated[0]!.cell)! ? dated.at(-1) : undefined;
  return open && close && open !== close ? { opening: open.a, closing: close.a } : { opening: null, closing: null };
}

/** The header cell a value stands under: its extent reaches into the span from the cell's left edge to the next cell. */
function cellOver(cells: readonly LabelCell[], a: AmountToken, header: Line): LabelCell | null {
  const k = cells.findIndex((c, i) => {
    const right = i + 1 < cells.length ? cells[i + 1]!.x0 : c.x1 + header.size;
    const left = i > 0 ? cells[i - 1]!.x1 : -Infinity;
    return a.x1 > c.x0 - header.size && a.x0 < right && a.x0 > left;
  });
  return k < 0 ? null : cells[k]!;
}

/** A posting's account cell: the account it names and the words that name it. */
interface AccountCell {
  account: OverviewAccount;
  words: number[];
  x0: number;
}

/**
 * The account a posting's first line names in the cell after its date cells: a masked number
 * whose digits end exactly one overview IBAN (with at most two words before it, `Girokonto`,
 * `DE17`), or the overview row's own name cell.
 */
function accountCell(p: Posting, accounts: readonly OverviewAccount[]): AccountCell | null {
  const line = p.first;
  const skip = p.skip.get(line.index) ?? new Set<number>();
  const lastDate = Math.max(-1, ...line.dates.map((d) => d.last));
  const from = lastDate + 1;
  // The cell: words after the date cells up to the first gap wider than a column gap.
  const to = (() => {
    let k = from;
    while (k + 1 < line.words.length && !skip.has(k + 1) && line.words[k + 1]!.x0 - line.words[k]!.x1 <= line.size * 1.2) k++;
    return k;
  })();
  if (from >= line.words.length || skip.has(from)) return null;
  for (let k = from; k <= Math.min(to, from + 2); k++) {
    const m = MASKED.exec(line.words[k]!.text);
    if (!m || !(MARK.test(line.words[k]!.text) || (k > from && MARK.test(line.words[k - 1]!.text)))) continue;
    const hits = accounts.filter((a) => a.iban.endsWith(m[1]!));
    if (hits.length !== 1) return null;
    return { account: hits[0]!, words: range(from, k), x0: line.words[from]!.x0 };
  }
  // The overview's name cell printed as the account cell (`Tagesgeld`): the whole cell, one account only.
  const cell = fold(line.words.slice(from, to + 1).map((w) => w.text).join(' '));
  const named = accounts.filter((a) => a.name !== '' && a.name === cell);
  return named.length === 1 ? { account: named[0]!, words: range(from, to), x0: line.words[from]!.x0 } : null;
}

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/**
 * The document's sections → one section per overview account, where the postings are one list
 * of several accounts: at least two overview accounts, every posting names one of them in the
 * same column (its account cells start within two line heights of each other), and the list
 * prints no balance of its own (a balance under the list would belong to no single account).
 * Each posting keeps its order within its account; its account cell is no text. Each account
 * takes its balances from its overview row; an account of the box without postings keeps its
 * balances. Otherwise the sections are returned as read.
 */
export function splitByAccountColumn(sections: Segment[], accounts: readonly OverviewAccount[]): Segment[] {
  if (new Set(accounts.map((a) => a.iban)).size < 2 || accounts.length !== new Set(accounts.map((a) => a.iban)).size) return sections;
  if (sections.some((s) => s.opening !== null || s.closing !== null || s.pageBalances.length > 0)) return sections;
  const postings = sections.flatMap((s) => s.postings);
  if (postings.length === 0) return sections;
  const cells = postings.map((p) => accountCell(p, accounts));
  if (cells.some((c) => c === null)) return sections;
  const xs = cells.map((c) => c!.x0);
  const size = Math.max(...postings.map((p) => p.first.size));
  if (Math.max(...xs) - Math.min(...xs) > size * 2) return sections;
  return accounts.map((a) => {
    const s = newSegment(a.iban);
    postings.forEach((p, i) => {
      const c = cells[i]!;
      if (c.account !== a) return;
      const skip = p.skip.get(p.first.index) ?? new Set<number>();
      for (const w of c.words) skip.add(w);
      p.skip.set(p.first.index, skip);
      s.postings.push(p);
    });
    if (a.opening && a.closing) {
      s.opening = signedCents(a.opening);
      s.openingLine = a.line;
      s.openingUnsigned = a.opening.sign === null;
      s.openingSign = a.opening.sign;
      s.closing = signedCents(a.closing);
      s.closingLine = a.line;
      s.closingUnsigned = a.closing.sign === null;
      s.closingSign = a.closing.sign;
    }
    return s;
  });
}

const signedCents = (t: AmountToken): number => t.cents * (t.sign ?? 1);
