import type { PrintedDate } from '../../domain/german-dates.js';
import type { TextCell } from './document.js';

/**
 * The lines the layout step (layout/) makes of a document's words, as every stage reads them
 * from its context (stage.ts `StageContext.layout`). Two groupings, kept apart until they are
 * united as a measured change (docs/layout.md): the statement lines of layout/lines.ts, with
 * their date and amount tokens, and the text lines of layout/text-lines.ts, with their cells.
 */

/** +1 credit, -1 debit. */
export type Sign = 1 | -1;

/**
 * Words → lines. A line is the words whose vertical centres overlap, left to right; on each
 * line the date and amount tokens are recognised once, with their x-extent, so every later
 * step reasons about positions and content together (no bank's coordinates are known here).
 */
export interface Word {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /** OCR confidence in [0, 1]; 1 for text-layer words. */
  confidence?: number;
  /** OCR only: the other reading of a figure read twice (TextCell.alternative). */
  alternative?: string;
  /**
   * Where the word is printed, when the line pass moved it onto another line (a stacked date's
   * month and year, a year below its date, a lone amount above its line): evidence boxes
   * (SPEC §8a) cover what is printed, not where the layout pass put it.
   */
  printed?: { x0: number; x1: number; top: number; bottom: number };
  /** The text as printed where the layout rewrote an amount into German notation (TextCell.asPrinted). */
  asPrinted?: string;
}

export interface DateToken {
  date: PrintedDate;
  /** Index of the (first) word in the line. */
  word: number;
  /** Index of the last word: `01 Apr. 2024` spans three. */
  last: number;
  x0: number;
  x1: number;
  /** A `DD.MM` word read as a date only because it stands under a value-date header (date-columns.ts). */
  valueColumn?: boolean;
}

export interface AmountToken {
  cents: number;
  sign: Sign | null;
  /** Words [first, last] (inclusive) the amount spans, sign and currency included. */
  first: number;
  last: number;
  x0: number;
  x1: number;
  /** OCR only: the cents of the number's other reading, where it reads as another amount. */
  alternative?: number;
}

export interface Line {
  page: number;
  pageHeight: number;
  /** Position in the document's reading order. */
  index: number;
  top: number;
  bottom: number;
  words: Word[];
  text: string;
  /** `text` in the statement fold (layout/fold.ts `fold`: lower case, umlauts kept), made once by the layout. */
  folded: string;
  dates: DateToken[];
  amounts: AmountToken[];
  /** Median word height: the line's font size, roughly. */
  size: number;
  /** Its first words were the years of the date cells above, now joined into those dates (see joinYearsBelow). */
  afterDateCells?: boolean;
}

/**
 * A line of prose or labelled values (layout/text-lines.ts): the cells of one page whose vertical
 * centres lie within half a word height of the line's first cell, left to right.
 */
export interface TextLine {
  page: number;
  /** Index of the line within its page, top to bottom. */
  index: number;
  cells: TextCell[];
  text: string;
  /**
   * `text` in the letter fold (layout/fold.ts `foldGerman`: ä/ae → a, ß → ss), made once by the
   * layout; a line made with other text (a label joined over two lines) carries its own.
   */
  folded: string;
  top: number;
  bottom: number;
  x0: number;
  x1: number;
  /** Median word height of the line (points). */
  size: number;
}

/** The text of one page, its lines joined (layout/page-texts.ts). */
export interface PageText {
  page: number;
  text: string;
}
