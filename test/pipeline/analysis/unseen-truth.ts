import assert from 'node:assert/strict';
import type { ExpectedKey, Line, UnseenLetter } from '../../../scripts/fixtures/analysis/unseen/model.js';

/**
 * What the consistency tests of the unseen-author letters (authors A and C) check a letter's
 * hand-written truth against: the letter's own printed text, its amounts as cents, and the
 * characters a WinAnsi font can draw.
 */

/** A declared check as the figures printed: terms (a leading '-' subtracts) adding up to the total. */
export interface Sum {
  terms: string[];
  total: string;
  negative?: boolean;
}

/** Cents of a German amount ('1.234,56', '-872,00', '52.340'). */
export function cents(amount: string): number {
  const m = /^(-?)(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{2}))?$/u.exec(amount.trim());
  assert.ok(m, `not a German amount: ${amount}`);
  const value = Number(m[2]!.replaceAll('.', '')) * 100 + Number(m[3] ?? '0');
  return m[1] === '-' ? -value : value;
}

export function lineText(line: Line): string {
  if (typeof line === 'string') return line.startsWith('# ') ? line.slice(2) : line;
  return line.map((c) => c.t).join(' ');
}

export function pageText(letter: UnseenLetter, page: number): string {
  const lines = letter.pages[page - 1];
  assert.ok(lines, `${letter.id}: no page ${page}`);
  return lines.map(lineText).join('\n').replace(/[ \t]+/gu, ' ');
}

export function letterText(letter: UnseenLetter): string {
  return letter.pages.map((_, i) => pageText(letter, i + 1)).join('\n');
}

export function assertPrinted(letter: UnseenLetter, name: string, expected: ExpectedKey): void {
  const text = pageText(letter, expected.page);
  if (typeof expected.value === 'string') {
    const value = expected.value.replace(/\s+/gu, ' ').trim();
    assert.ok(text.includes(value), `${letter.id}: ${name} '${value}' is not on page ${expected.page}`);
  } else {
    const loose = new RegExp(expected.value.source.replace(/^\^/u, '').replace(/\$$/u, ''), expected.value.flags);
    assert.ok(loose.test(text), `${letter.id}: ${name} ${expected.value} matches nothing on page ${expected.page}`);
  }
  if (expected.alt) assertPrinted(letter, `${name} (alt)`, expected.alt);
}

export function sumHolds(letter: UnseenLetter, sum: Sum): boolean {
  const text = letterText(letter);
  for (const amount of [...sum.terms, sum.total]) {
    const printed = amount.replace(/^-/u, '');
    assert.ok(text.includes(printed), `${letter.id}: ${printed} is not printed in the letter`);
  }
  const total = sum.terms.reduce((acc, t) => acc + cents(t), 0);
  return total === (sum.negative ? -1 : 1) * cents(sum.total);
}

/** Characters of Windows-1252 (WinAnsiEncoding) beyond Latin-1. */
export const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function winAnsi(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch);
}
