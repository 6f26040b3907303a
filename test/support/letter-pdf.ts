import { PDFDocument, StandardFonts, type PDFFont } from '@cantoo/pdf-lib';

/**
 * Renders letters to real text-layer PDFs (A4, Helvetica, WinAnsi) with simple layout:
 * a line is either plain text at the left margin or a row of positioned cells, so that
 * label–value tables, right-aligned amount columns and multi-column headers come out the
 * way a letter-writing program would place them. Nothing is committed; tests render on the fly.
 */
export interface Cell {
  /** The text of the cell. */
  t: string;
  /** x position in points: the left edge, or the right edge when `r` is set. */
  x: number;
  /** Right-aligned at x (amount columns). */
  r?: boolean;
  /** Bold. */
  b?: boolean;
}

/** A plain string ('' = empty line; a leading '# ' = bold heading) or positioned cells. */
export type Line = string | Cell[];

export const LEFT = 56;
export const RIGHT = 539;

/** Label at the left margin, value right-aligned at the right margin. */
export function lv(label: string, value: string, bold = false): Cell[] {
  return [
    { t: label, x: LEFT, b: bold },
    { t: value, x: RIGHT, r: true, b: bold },
  ];
}

/** Cells at the given x positions; a position given as negative is right-aligned at |x|. */
export function row(...cells: [string, number][]): Cell[] {
  return cells.map(([t, x]) => (x < 0 ? { t, x: -x, r: true } : { t, x }));
}

export async function letterPdf(pages: Line[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const lines of pages) {
    const page = pdf.addPage([595.28, 841.89]);
    let y = 800;
    for (const line of lines) {
      if (typeof line === 'string') {
        if (line.startsWith('# ')) {
          page.drawText(line.slice(2), { x: LEFT, y, size: 11, font: bold });
          y -= 17;
          continue;
        }
        if (line.length > 0) page.drawText(line, { x: LEFT, y, size: 9.5, font: regular });
        y -= 13;
        continue;
      }
      for (const cell of line) {
        const font: PDFFont = cell.b ? bold : regular;
        const width = font.widthOfTextAtSize(cell.t, 9.5);
        page.drawText(cell.t, { x: cell.r ? cell.x - width : cell.x, y, size: 9.5, font });
      }
      y -= 13;
    }
    if (y < 30) throw new Error(`letter page overflows (${lines.length} lines)`);
  }
  return pdf.save({ useObjectStreams: false });
}
