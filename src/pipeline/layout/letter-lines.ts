/**
 * OCR misreadings in letters, undone before the lines are read (a text layer is left as
 * printed): the layout layer's word repairs, then the rules that need a letter's line context.
 *
 * Section signs: OCR reads the section sign of a citation as `8` (or `S`, `$`): "nach 8 622 Abs. 2 BGB",
 * "Gebühr (8 107 Abs. 1 OWiG)". Letters cite laws everywhere, and a misread sign turns the
 * citation into numbers — a Kündigungsfrist after "§ 622 BGB" is not found, a paragraph number
 * is read as a count. On OCR'd words only, a lone `8`/`S`/`$` directly before a paragraph number
 * that is followed within two words by `Abs.`, `Satz`, `Nr.` or a law's abbreviation is the
 * section sign again.
 */
import type { LoadedDocument } from '../model/document.js';
import type { TextLine } from '../model/lines.js';
import { inAmountColumn } from './figures.js';
import { foldGerman } from './fold.js';
import { normaliseOcrPages } from './ocr-tokens.js';
import { documentTextLines } from './text-lines.js';

const SIGN = /^(\(?)(8|S|\$|5)$/;
const PARAGRAPH = /^\d{1,4}[a-z]?,?$/;
const FOLLOWS = /^(abs\.?|satz|s\.|nr\.?|ziff\.?|bgb\)?[.,;]?|owig\)?[.,;]?|ao\)?[.,;]?|stvg\)?[.,;]?|stvo\)?[.,;]?|estg\)?[.,;]?|zpo\)?[.,;]?|sgb|kschg\)?[.,;]?|rdg\)?[.,;]?|rvg\)?[.,;]?|arbgg\)?[.,;]?|hgb\)?[.,;]?|vv)$/i;

/**
 * The letter's lines with OCR misreadings undone: first the layout layer's word repairs that
 * every OCR'd document gets (layout/ocr-tokens.ts: dates whose point came out as a colon, a
 * decimal comma read as a point where the word cannot be a day and month, a minus read as `=`,
 * paper grain read as marks …), then the two that need a letter's line context (below).
 */
export function readLetterLines(document: LoadedDocument): TextLine[] {
  const lines = documentTextLines({ ...document, pages: normaliseOcrPages(document.pages) });
  return restoreDecimalColons(restoreSectionSigns(lines));
}

const COLON_AMOUNT = /^(\d{1,3}(?:\.\d{3})*)[:;](\d{2})(-?)$/;

/**
 * A decimal comma read as `:` or `;` without a sign or currency beside it ("92:16"), which the
 * word repairs leave alone: a comma again where it cannot be a time of day, and where it could
 * ("12:30") only in an amount column — its right edge within 4 pt of an amount on
 * one of the two lines above or below.
 */
function restoreDecimalColons(lines: readonly TextLine[]): TextLine[] {
  return lines.map((line) => {
    let changed = false;
    const cells = line.cells.map((cell) => {
      const m = cell.source === 'ocr' ? COLON_AMOUNT.exec(cell.text) : null;
      if (!m) return cell;
      const timeLike = !m[1]!.includes('.') && Number(m[1]) <= 23 && Number(m[2]) <= 59 && m[3] === '';
      if (timeLike) {
        if (!inAmountColumn(lines, line, cell.bbox.x + cell.bbox.width, 4)) return cell;
      }
      changed = true;
      return { ...cell, text: `${m[1]},${m[2]}${m[3]}` };
    });
    return changed ? relined(line, cells) : line;
  });
}

function restoreSectionSigns(lines: readonly TextLine[]): TextLine[] {
  return lines.map((line) => {
    let changed = false;
    const cells = line.cells.map((cell, i) => {
      const m = SIGN.exec(cell.text);
      if (!m || cell.source !== 'ocr') return cell;
      const next = line.cells[i + 1]?.text ?? '';
      const after = [line.cells[i + 2]?.text ?? '', line.cells[i + 3]?.text ?? ''];
      if (!PARAGRAPH.test(next) || !after.some((a) => FOLLOWS.test(a))) return cell;
      changed = true;
      return { ...cell, text: `${m[1]}§` };
    });
    return changed ? relined(line, cells) : line;
  });
}

/** The line with repaired cells: its text and folded text made again. */
function relined(line: TextLine, cells: TextLine['cells']): TextLine {
  const text = cells.map((c) => c.text).join(' ');
  return { ...line, cells, text, folded: foldGerman(text) };
}
