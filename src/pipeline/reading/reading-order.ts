import type { TextCell } from '../model/document.js';

/**
 * Puts words into the model's reading order: lines top to bottom, words left to right within a
 * line. Two words share a line when their vertical centres are closer than half the taller
 * word's height (robust to superscripts and mixed font sizes, not to strongly rotated text).
 * Stable for words at equal positions, so a content stream's own order breaks ties.
 */
export function sortReadingOrder(cells: TextCell[]): TextCell[] {
  const byTop = cells
    .map((cell, index) => ({ cell, index, mid: cell.bbox.y + cell.bbox.height / 2 }))
    .sort((a, b) => a.mid - b.mid || a.index - b.index);
  const lines: { mid: number; height: number; items: typeof byTop }[] = [];
  for (const item of byTop) {
    const line = lines[lines.length - 1];
    const tolerance = line ? Math.max(line.height, item.cell.bbox.height) * 0.5 : 0;
    if (line && Math.abs(item.mid - line.mid) <= tolerance) {
      line.items.push(item);
    } else {
      lines.push({ mid: item.mid, height: item.cell.bbox.height, items: [item] });
    }
  }
  const out: TextCell[] = [];
  for (const line of lines) {
    line.items.sort((a, b) => a.cell.bbox.x - b.cell.bbox.x || a.index - b.index);
    for (const item of line.items) out.push(item.cell);
  }
  return out;
}
