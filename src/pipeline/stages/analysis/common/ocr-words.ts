/**
 * OCR misreadings in letters, undone on OCR'd words only before the lines are read (a text layer
 * is left as printed). Each rule rewrites a word only where its context says what it was.
 *
 * Section signs: OCR reads the section sign of a citation as `8` (or `S`, `$`): "nach 8 622 Abs. 2 BGB",
 * "Gebühr (8 107 Abs. 1 OWiG)". Letters cite laws everywhere, and a misread sign turns the
 * citation into numbers — a Kündigungsfrist after "§ 622 BGB" is not found, a paragraph number
 * is read as a count. On OCR'd words only, a lone `8`/`S`/`$` directly before a paragraph number
 * that is followed within two words by `Abs.`, `Satz`, `Nr.` or a law's abbreviation is the
 * section sign again. A text layer is left as printed.
 */
import type { TextLine } from '../../../layout/text-lines.js';

const SIGN = /^(\(?)(8|S|\$|5)$/;
const PARAGRAPH = /^\d{1,4}[a-z]?,?$/;
const FOLLOWS = /^(abs\.?|satz|s\.|nr\.?|ziff\.?|bgb\)?[.,;]?|owig\)?[.,;]?|ao\)?[.,;]?|stvg\)?[.,;]?|stvo\)?[.,;]?|estg\)?[.,;]?|zpo\)?[.,;]?|sgb|kschg\)?[.,;]?|rdg\)?[.,;]?|rvg\)?[.,;]?|arbgg\)?[.,;]?|hgb\)?[.,;]?|vv)$/i;

export function undoOcrMisreadings(lines: readonly TextLine[]): TextLine[] {
  return restoreDecimalCommas(restoreSectionSigns(lines)).map(restoreDatePoints);
}

/** A date whose point came out as a colon ("19.05:2025"): with a four-digit year it is no time. */
const COLON_DATE = /^(\d{1,2})[.:](\d{1,2})[.:](\d{4})([,.;]?)$/;

function restoreDatePoints(line: TextLine): TextLine {
  let changed = false;
  const cells = line.cells.map((cell) => {
    const m = cell.source === 'ocr' && cell.text.includes(':') ? COLON_DATE.exec(cell.text) : null;
    if (!m) return cell;
    changed = true;
    return { ...cell, text: `${m[1]}.${m[2]}.${m[3]}${m[4]}` };
  });
  return changed ? { ...line, cells, text: cells.map((c) => c.text).join(' ') } : line;
}

const COLON_AMOUNT = /^(\d{1,3}(?:\.\d{3})*)[:;](\d{2})(-?)$/;
const POINT_AMOUNT = /^(\d{1,3}(?:\.\d{3})*)\.(\d{2})(-?)$/;
const COMMA_AMOUNT = /^-?\d{1,3}(?:\.\d{3})*,\d{2}-?$/;

function restoreDecimalCommas(lines: readonly TextLine[]): TextLine[] {
  return lines.map((line, at) => {
    let changed = false;
    const cells = line.cells.map((cell) => {
      if (cell.source !== 'ocr') return cell;
      const colon = COLON_AMOUNT.exec(cell.text);
      const point = colon ? null : POINT_AMOUNT.exec(cell.text);
      const m = colon ?? point;
      if (!m) return cell;
      // A colon form that could be a time of day ("09:05") needs the amount column as well.
      const timeLike = colon !== null && !colon[1]!.includes('.') && Number(colon[1]) <= 23 && Number(colon[2]) <= 59 && colon[3] === '';
      if (point || timeLike) {
        const right = cell.bbox.x + cell.bbox.width;
        const inColumn = [lines[at - 2], lines[at - 1], lines[at + 1], lines[at + 2]].some((o) => o && o.page === line.page && o.cells.some((c) => COMMA_AMOUNT.test(c.text) && Math.abs(c.bbox.x + c.bbox.width - right) <= 4));
        if (!inColumn) return cell;
      }
      changed = true;
      return { ...cell, text: `${m[1]},${m[2]}${m[3]}` };
    });
    return changed ? { ...line, cells, text: cells.map((c) => c.text).join(' ') } : line;
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
    return changed ? { ...line, cells, text: cells.map((c) => c.text).join(' ') } : line;
  });
}
