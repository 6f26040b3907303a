import type { Line, PageText, TextLine } from './lines.js';

/**
 * What the layout step of the runner (run-pipeline.ts, layout/document-layout.ts) makes of a
 * document's words, once per document, for every stage to read from its context
 * (`StageContext.layout`) instead of building lines of its own.
 *
 * Contract: every part is made at most once per document and shared by all stages. Stages read
 * it and never change it; a stage that annotates lines (kontoauszug marks value dates under a
 * Valuta header) does so on its own copies. The parts are made lazily: the runner's layout step
 * makes the parts the pipeline's stages name (`Stage.layoutParts`), so their cost is timed as
 * `layout`; a part no stage names is made when first read, inside that stage's time.
 */
export interface DocumentLayout {
  /**
   * The statement lines (layout/lines.ts `documentLines`): OCR tokens repaired, amounts in German
   * notation, words grouped by vertical overlap, with date and amount tokens and the statement
   * fold of their text. The kontoauszug stage and classify's ledger read them.
   */
  readonly statementLines: readonly Line[];
  /**
   * The document's text as classify reads it (layout/text-lines.ts `documentText`): the words
   * as printed grouped into text lines, blank cells kept, one text line per line, pages joined.
   */
  readonly text: string;
  /** The text lines as printed (layout/text-lines.ts `documentTextLines`, no OCR repairs). */
  readonly textLines: readonly TextLine[];
  /** The page texts of `textLines` (layout/page-texts.ts): what the AI refinement is shown. */
  readonly textPages: readonly PageText[];
  /**
   * The text lines with OCR misreadings undone (layout/letter-lines.ts `readLetterLines`):
   * what the letter analysis reads, with the letter fold of their text.
   */
  readonly letterLines: readonly TextLine[];
  /** The page texts of `letterLines`: the analysis's prose and the subtype's text. */
  readonly letterPages: readonly PageText[];
}

export type LayoutPart = keyof DocumentLayout;
