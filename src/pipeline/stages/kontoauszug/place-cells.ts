import type { Line } from '../../layout/lines.js';
import { printedText } from '../../layout/printed-text.js';
import { cellAt, cellParts, headerCells } from './header-cells.js';
import { statementPatterns as vocab } from '../../layout/vocabulary.js';
import type { Split } from './counterparty.js';
import type { Posting } from './posting.js';

/**
 * The place columns of a card bill (issue 21, blind batch 8): card issuers print the merchant as
 * the card scheme reports it, its town and country in cells of their own right of it
 * (`Beschreibung | Ort | Land`, `Händler | Ort`). What stands in those cells is where the card was
 * used, never the merchant's name: the name is read from the posting's other words, and the
 * place stays in the Buchungstext where it is printed (SPEC §8: the printed text without the
 * counterparty).
 *
 * An app or neobank export's category column (`Datum | Beschreibung | Kategorie | Betrag`, issue
 * 21, blind batch 10) is read the same way: the category the bank assigns (`Lebensmittel`,
 * `Abos & Verträge`) stands on the name's line but is no part of the name; it stays in the
 * Buchungstext. Unlike a place column it says nothing about card payments.
 */
export interface PlaceColumns {
  /** Left edges of the header cells, left to right. */
  starts: number[];
  /** Indices of the place (and category) cells. */
  places: ReadonlySet<number>;
  /** A place column (`Ort`, `Land`) is among them: the statement is a card bill's. */
  card: boolean;
  tol: number;
  /** A gap wider than this between two words of a line separates cells. */
  gap: number;
}

/** The place and category cells of a column header, if it has any right of a text cell. */
export function placeColumns(header: Line): PlaceColumns | null {
  const cells = headerCells(header);
  const places = new Set<number>();
  let card = false;
  cells.forEach((c, k) => {
    const parts = cellParts(c);
    // The first cell is a date's or the text's own; a place or category column follows it.
    if (k === 0 || parts.length === 0) return;
    if (parts.every((t) => vocab.placeHeader.test(t))) {
      places.add(k);
      card = true;
    } else if (parts.every((t) => vocab.categoryHeader.test(t))) places.add(k);
  });
  return places.size === 0 ? null : { starts: cells.map((c) => c.x0), places, card, tol: header.size * 0.5, gap: header.size * 0.8 };
}

/** The header cell a word starting at `x0` stands in. */
function cellIndex(x0: number, cols: PlaceColumns): number {
  return cellAt(x0, cols.starts, cols.tol);
}

/**
 * Per posting line, its text without the place cells and the place cells' text. A word is in a
 * place cell where it starts under one and is set apart from the word before it (a cell's first
 * word) or follows a word of that cell (`St. Gallen`): a purpose line running on across the
 * column is no place.
 */
export function placeSplit(p: Posting, cols: PlaceColumns): { lines: string[]; places: string[] } {
  const lines: string[] = [];
  const places: string[] = [];
  for (const l of p.lines) {
    const skip = p.skip.get(l.index) ?? new Set<number>();
    const inPlace: boolean[] = [];
    l.words.forEach((w, i) => {
      const prev = l.words[i - 1];
      const apart = !prev || w.x0 - prev.x1 > cols.gap;
      inPlace[i] = !skip.has(i) && cols.places.has(cellIndex(w.x0, cols)) && (apart || inPlace[i - 1] === true);
    });
    const text = (keep: (i: number) => boolean): string =>
      l.words
        .map((w, i) => (keep(i) ? printedText(w) : ''))
        .filter((t) => t !== '')
        .join(' ');
    lines.push(text((i) => !skip.has(i) && !inPlace[i]));
    places.push(text((i) => inPlace[i] === true));
  }
  return { lines, places };
}

const norm = (t: string): string => t.replace(/\s+/gu, ' ').trim();

/**
 * The split of the lines without their place cells, with the place cells put back into the
 * Buchungstext where they are printed: after the rest of their own line. Where the split's text
 * is not the lines' words in order less the counterparty, the places follow its text.
 */
export function withPlaces(lines: readonly string[], places: readonly string[], split: Split): Split {
  if (places.every((t) => t === '')) return split;
  const cp = norm(split.counterparty);
  const at = cp === '' ? -1 : lines.findIndex((l) => ` ${norm(l)} `.includes(` ${cp} `));
  const rest = lines.map((l, i) => (i === at ? norm(` ${norm(l)} `.replace(` ${cp} `, ' ')) : norm(l)));
  if ((cp === '' || at >= 0) && norm(rest.join(' ')) === norm(split.text)) {
    return { counterparty: split.counterparty, text: norm(rest.flatMap((r, i) => [r, places[i]!]).join(' ')) };
  }
  return { counterparty: split.counterparty, text: norm([split.text, ...places].join(' ')) };
}
