/**
 * The tax class as printed, and only as far as it was read surely (issue 22: a wrong value is
 * worse than none). A Roman class made of strokes alone (I, II, III) is what OCR reads least
 * surely: on a scan or a low-resolution image the strokes of `III` merge or drop out and come
 * back as `I`, and an Arabic `1` comes back as `I` too. Nothing in a payslip's arithmetic ties
 * the class down, so the word itself must: on an OCR'd page such a reading stands only when the
 * engine was sure of it and its box is no wider than the strokes it read can be (a box three
 * strokes wide read as one stroke is `III` read short). Otherwise another printing of the class
 * on the payslip that was read surely is taken, else none.
 */
import type { TextCell } from '../../../model/document.js';
import { findKeyValues, type FoundValue, type LabelSpec } from '../common/values.js';

/** Roman strokes as OCR prints them: `I`, and `l` / `|` for the same glyph. */
const STROKES = /^[Il|]{1,3}$/u;
/** Below this OCR confidence a reading of strokes is a guess. */
const SURE_CONFIDENCE = 0.8;
/**
 * The widest a stroke (with its serifs and the gap to the next) can be, as a share of the word's
 * height: a serif `I` is about 0.45 of its cap height, a sans `1` about the same, `III` in a sans
 * face about 0.9 — so one stroke in a box wider than 0.6 heights is more than one stroke.
 */
const STROKE_WIDTH = 0.6;

export function sureTaxClass(lines: Parameters<typeof findKeyValues>[0], spec: LabelSpec): FoundValue | null {
  return findKeyValues(lines, spec).find(readSurely) ?? null;
}

/** Whether the reading is no stroke class read by OCR, or one the engine was sure of and whose box fits its strokes. */
export function readSurely(found: FoundValue): boolean {
  const value = found.value.trim();
  if (!STROKES.test(value)) return true;
  const cell = valueCell(found, value);
  if (!cell || cell.source !== 'ocr') return true;
  return cell.confidence >= SURE_CONFIDENCE && cell.bbox.width <= STROKE_WIDTH * cell.bbox.height * value.length;
}

/** The word the value was read from: on the value's line, after the label when the label stands on it. */
function valueCell(found: FoundValue, value: string): TextCell | undefined {
  const from = found.label.line === found.line ? found.label.last + 1 : 0;
  return found.line.cells.slice(from).find((c) => c.text.replace(/[.:,;]+$/u, '') === value);
}
