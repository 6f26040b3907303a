import { evidenceOf, type PageGeometry } from '../../layout/evidence-box.js';
import type { AmountToken, Line, Word } from '../../layout/lines.js';
import type { Evidence, PostingEvidence, Verification } from '../../model/result.js';
import type { PostingFacts } from './account.js';

/**
 * The evidence of a posting and of a balance (SPEC §8a): the page, the box over its printed lines,
 * the page's source, the reading's confidence and, for a posting, what the document's own
 * arithmetic says of its amount.
 *
 * Contracts:
 * - A posting's box covers every word of its printed lines (dates, text, amount, running balance);
 *   its page is the page of its first line (a posting never crosses a page: blocks.ts closes it there).
 * - Its confidence on OCR is the least sure word of its booking date and its amount (the fields
 *   the id and the balances rest on), never a figure made up for the posting; 1 on a text layer.
 * - `verified`: `running_balance` where the printed running balance confirms the amount
 *   (running-balances.ts), else `reconciled` where opening + Σ = closing holds for its account,
 *   else `none`. A balance proof is stronger than any reader's probability: a confidence says how
 *   sure the reader was of the glyphs, `verified` that the document's own figures add up.
 */
const tokenWords = (l: Line, t: { first: number; last: number }): Word[] => l.words.slice(Math.max(0, t.first), t.last + 1);

/** The line a token was read from: the posting line whose amounts hold it, else the first line. */
function lineOf(lines: readonly Line[], t: AmountToken): Line {
  return lines.find((l) => l.amounts.includes(t)) ?? lines.find((l) => l.words[t.first]?.x0 === t.x0) ?? lines[0]!;
}

export function postingEvidence(f: PostingFacts, reconciled: boolean, pages: ReadonlyMap<number, PageGeometry>): PostingEvidence {
  const p = f.posting;
  const words = p.lines.flatMap((l) => l.words);
  const date = p.first.dates.find((d) => p.date !== null && d.date.day === p.date.day && d.date.month === p.date.month);
  const amountLine = lineOf(p.lines, p.amount);
  const sure = [...(date ? tokenWords(p.first, { first: date.word, last: date.last }) : []), ...tokenWords(amountLine, p.amount)];
  const verified: Verification = f.confirmedByRunning ? 'running_balance' : reconciled ? 'reconciled' : 'none';
  const e = evidenceOf(p.first.page, words, sure, pages);
  // A posting always has words on a page the document has; the fallback keeps the shape whole.
  return { ...(e ?? { page: p.first.page, box: [0, 0, 1, 1], source: 'text_layer', confidence: 0 }), verified };
}

/** A balance line's evidence: its whole line, its confidence that of its amount and date words. */
export function balanceEvidence(line: Line | null, pages: ReadonlyMap<number, PageGeometry>): Evidence | null {
  if (!line) return null;
  const amount = line.amounts[line.amounts.length - 1];
  const sure = [...(amount ? tokenWords(line, amount) : []), ...line.dates.flatMap((d) => tokenWords(line, { first: d.word, last: d.last }))];
  return evidenceOf(line.page, line.words, sure, pages);
}
