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
import { joinSlopedLines } from './sloped-lines.js';
import { documentTextLines } from './text-lines.js';
import { parseGermanDate } from '../../domain/german-dates.js';

const SIGN = /^(\(?)(8|S|\$|5)$/;
const PARAGRAPH = /^\d{1,4}[a-z]?,?$/;
const FOLLOWS = /^(abs\.?|satz|s\.|nr\.?|ziff\.?|bgb\)?[.,;]?|owig\)?[.,;]?|ao\)?[.,;]?|stvg\)?[.,;]?|stvo\)?[.,;]?|estg\)?[.,;]?|zpo\)?[.,;]?|sgb|kschg\)?[.,;]?|rdg\)?[.,;]?|rvg\)?[.,;]?|arbgg\)?[.,;]?|hgb\)?[.,;]?|vv)$/i;

/**
 * The letter's lines with OCR misreadings undone: first the layout layer's word repairs that
 * every OCR'd document gets (layout/ocr-tokens.ts: dates whose point came out as a colon, a
 * decimal comma read as a point where the word cannot be a day and month, a minus read as `=`,
 * paper grain read as marks …), then the two that need a letter's line context (below). Lines
 * of a photo that run at a slope are joined again first (sloped-lines.ts).
 */
export function readLetterLines(document: LoadedDocument): TextLine[] {
  const lines = joinSlopedLines(splitStackedLines(documentTextLines({ ...document, pages: normaliseOcrPages(document.pages) })));
  return restoreDecimalColons(restoreSectionSigns(restoreDatePunctuation(lines)));
}

/** Day and month with OCR'd separators (`09:09`, `09,09`, `09.09`, `09:09.`), before a year word. */
const DAY_MONTH = /^(\d{1,2})[.,:;](\d{1,2})[.,:;]?$/;
const YEAR = /^((?:19|20)\d{2})([.,;:)]?)$/;
/** One word: day, month and year whose first separator came out as a comma (`10,12.2015`). */
const COMMA_DATE = /^(\d{1,2}),(\d{1,2})[.,:;]((?:19|20)\d{2})([.,;:)]?)$/;
/** The word before a time of day. */
const TIME_LEAD = /^(um|gegen|ab|bis|zwischen|von)$/i;

/**
 * Dates whose points OCR read as a colon, a comma or a gap (issue 22 §2: a payment line
 * `spätestens am 09.09.2018` came out as `spätestens am 09:09 2018`; `10,12.2015`). A day and
 * month followed by a four-digit year word, on OCR'd words only, are one date again — when it is
 * a valid calendar date, the next word is the year right after a word space (at most two word
 * heights away), and the word before is no lead of a time of day (`um 09:09`, `ab 10:00`): a time
 * is never followed directly by a year, while a date's year is always where it is. The joined
 * word gets both boxes, so the date's evidence is where it is printed. A text layer is left as
 * printed (a colon there was printed).
 */
function restoreDatePunctuation(lines: readonly TextLine[]): TextLine[] {
  return lines.map((line) => {
    const cells: Cell[] = [];
    let changed = false;
    for (let i = 0; i < line.cells.length; i++) {
      const cell = line.cells[i]!;
      const next = line.cells[i + 1];
      const before = cells[cells.length - 1];
      const comma = cell.source === 'ocr' ? COMMA_DATE.exec(cell.text) : null;
      if (comma) {
        const text = `${comma[1]!.padStart(2, '0')}.${comma[2]!.padStart(2, '0')}.${comma[3]}`;
        if (parseGermanDate(text)) {
          cells.push({ ...cell, text: `${text}${comma[4]}` });
          changed = true;
          continue;
        }
      }
      const dm = cell.source === 'ocr' && next?.source === 'ocr' ? DAY_MONTH.exec(cell.text) : null;
      const year = dm && next ? YEAR.exec(next.text) : null;
      const near = next !== undefined && next.bbox.x - (cell.bbox.x + cell.bbox.width) <= 2 * Math.max(line.size, 6);
      if (dm && year && near && !(before && TIME_LEAD.test(before.text))) {
        const text = `${dm[1]!.padStart(2, '0')}.${dm[2]!.padStart(2, '0')}.${year[1]}`;
        if (parseGermanDate(text)) {
          const x1 = next!.bbox.x + next!.bbox.width;
          const top = Math.min(cell.bbox.y, next!.bbox.y);
          const bottom = Math.max(cell.bbox.y + cell.bbox.height, next!.bbox.y + next!.bbox.height);
          cells.push({ ...cell, text: `${text}${year[2]}`, bbox: { x: cell.bbox.x, y: top, width: x1 - cell.bbox.x, height: bottom - top }, confidence: Math.min(cell.confidence, next!.confidence) });
          changed = true;
          i++;
          continue;
        }
      }
      cells.push(cell);
    }
    return changed ? relined(line, cells) : line;
  });
}

/** Share of the narrower word's width two words must cover together to stand over one another. */
const STACKED = 0.3;

/**
 * Words of two or three printed lines grouped as one. The line grouping takes a word into a
 * line when its centre is within half a word height, so one word box OCR drew over two lines
 * (a scan turned by a degree, a smudge) widens the band, and a two-row cost table
 * ("Gebühr 25,00 € / Auslagen 3,50 €") or two lines of prose come out as one line with their
 * words interleaved ("Gebühr Auslagen 25,00€ 3,50€") — a label then takes its neighbour's amount.
 * Words of one printed line never stand over one another, so where OCR'd words of a line overlap
 * horizontally (by more than STACKED of the narrower), the line is cut at the largest gaps
 * between its words' vertical centres into as many lines as words stand over one another, each
 * left to right. The line stays whole when a cut would still leave words over one another or
 * the gap is less than a third of a word height (no two lines to tell apart). A text layer is
 * left as printed.
 */
function splitStackedLines(lines: readonly TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  for (const line of lines) out.push(...(splitStacked(line) ?? [line]));
  // Lines are numbered again per page, top to bottom, as the layout numbers them.
  const next = new Map<number, number>();
  return out.map((l) => {
    const index = next.get(l.page) ?? 0;
    next.set(l.page, index + 1);
    return l.index === index ? l : { ...l, index };
  });
}

type Cell = TextLine['cells'][number];
const overlaps = (a: Cell, b: Cell) => Math.min(a.bbox.x + a.bbox.width, b.bbox.x + b.bbox.width) - Math.max(a.bbox.x, b.bbox.x) > STACKED * Math.min(a.bbox.width, b.bbox.width);
const mid = (c: Cell) => c.bbox.y + c.bbox.height / 2;

function splitStacked(line: TextLine): TextLine[] | null {
  const cells = line.cells;
  if (cells.length < 2 || cells.some((c) => c.source !== 'ocr')) return null;
  const depth = Math.max(...cells.map((c) => 1 + cells.filter((o) => o !== c && overlaps(c, o)).length));
  if (depth < 2) return null;
  const rows = Math.min(depth, 3);
  const byMid = [...cells].sort((a, b) => mid(a) - mid(b));
  const gaps = byMid.slice(1).map((c, i) => ({ at: i + 1, gap: mid(c) - mid(byMid[i]!) })).sort((a, b) => b.gap - a.gap).slice(0, rows - 1);
  if (gaps.some((g) => g.gap < line.size / 3)) return null;
  const cuts = gaps.map((g) => g.at).sort((a, b) => a - b);
  const groups = [0, ...cuts].map((from, k) => byMid.slice(from, cuts[k] ?? byMid.length).sort((a, b) => a.bbox.x - b.bbox.x));
  if (groups.some((g) => g.some((c, i) => g.slice(i + 1).some((o) => overlaps(c, o))))) return null;
  return groups.map((g) => {
    const heights = g.map((c) => c.bbox.height).sort((a, b) => a - b);
    const text = g.map((c) => c.text).join(' ');
    return {
      ...line,
      cells: g,
      text,
      folded: foldGerman(text),
      top: Math.min(...g.map((c) => c.bbox.y)),
      bottom: Math.max(...g.map((c) => c.bbox.y + c.bbox.height)),
      x0: g[0]!.bbox.x,
      x1: Math.max(...g.map((c) => c.bbox.x + c.bbox.width)),
      size: heights[Math.floor(heights.length / 2)]!,
    };
  });
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
