import type { Line } from '../../layout/lines.js';
import { nameLike } from './counterparty.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';

/**
 * The account holder (SPEC §8a `holder`) as the statement prints it outside its postings:
 * labelled at the start of a cell (`Kontoinhaber: Anna Schulz`, `Kontoinhaber Anna Schulz`,
 * `Karteninhaber: …`, or the label in one cell and the name in the next), else the name line of the address block on page 1 — the line right above
 * a street line (one or two words and a house number, nothing else) that stands right above a
 * postcode line (`80331 München`, `1010 Wien`, nothing else), all three starting at one x, a
 * salutation (`Herrn`, `Frau`, `Frau/Herr`) dropped. Only the run of words before a wide gap or
 * a `·` counts (letterheads print other cells on the same line). A name is two to six
 * capitalised words without figures. Null where neither is printed or the block is not clean
 * (two columns run together): never the bank, never a guess from a posting or a sentence.
 */
/** A label at the start of a cell (`Kontoinhaber: …`), not the word in a sentence. */
const LABEL = vocab.holderLabel;
const LABEL_ALONE = vocab.holderLabelAlone;
/** A postcode and a town, nothing else: `80331 München`, `D-80331 München`, `1010 Wien`. */
const POSTCODE = /^(?:[A-Z]-)?\d{4,5}\s+\p{Lu}[\p{L}. ()/-]*$/u;
/** One or two words and a house number: `Hauptstraße 12`, `Am Markt 3a`, `Weg 7-9`. */
const STREET = /^\p{Lu}[\p{L}.-]*(?:\s[\p{L}.-]+)?\s\d+\s?[a-z]?(?:[-/]\d+\s?[a-z]?)?,?$/u;
const SALUTATION = vocab.addressSalutation;
const BANKISH = vocab.institutionWord;

/** The line's cells: runs of words apart by less than a wide gap, split at a `·` separator. */
function cells(l: Line): string[] {
  const out: string[][] = [[]];
  for (const [i, w] of l.words.entries()) {
    if (/^[·|]$/u.test(w.text)) {
      out.push([]);
      continue;
    }
    if (i > 0 && w.x0 - l.words[i - 1]!.x1 > l.size * 2 && out[out.length - 1]!.length > 0) out.push([]);
    out[out.length - 1]!.push(w.text);
  }
  return out.map((c) => c.join(' ').trim()).filter((c) => c !== '');
}

const firstCell = (l: Line): string => cells(l)[0] ?? '';

/** A person's or firm's name: two to six words, each capitalised (or a connector), no figures. */
const asName = (text: string): string | null => {
  const name = text.replace(SALUTATION, '').replace(/[,;]$/u, '').trim();
  const words = name.split(/\s+/u);
  const capitalised = words.every((w) => /^\p{Lu}/u.test(w) || vocab.nameParticle.test(w));
  return words.length >= 2 && words.length <= 6 && capitalised && nameLike(name) && !/\d/u.test(name) && !BANKISH.test(name) ? name : null;
};

export function accountHolder(lines: readonly Line[]): string | null {
  for (const l of lines) {
    const cs = cells(l);
    for (const [k, c] of cs.entries()) {
      // The value after the label in its cell, or in the next cell (a key/value table).
      const m = LABEL.exec(c) ?? (LABEL_ALONE.test(c) && cs[k + 1] ? LABEL.exec(`${c} ${cs[k + 1]}`) : null);
      const name = m ? asName(m[1]!) : null;
      if (name) return name;
    }
  }
  const first = lines.filter((l) => l.page === lines[0]?.page);
  for (let i = 2; i < first.length; i++) {
    const [holder, street, town] = [first[i - 2]!, first[i - 1]!, first[i]!];
    if (!POSTCODE.test(firstCell(town)) || !STREET.test(firstCell(street))) continue;
    if (Math.abs(street.words[0]!.x0 - town.words[0]!.x0) > 4 || Math.abs(holder.words[0]!.x0 - street.words[0]!.x0) > 4) continue;
    const name = asName(firstCell(holder));
    if (name) return name;
  }
  return null;
}
