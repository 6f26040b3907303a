import { PDFDocument, StandardFonts, type PDFFont } from '@cantoo/pdf-lib';

/**
 * Renders letters to real text-layer PDFs (A4, Helvetica, WinAnsi) with simple layout:
 * a line is either plain text at the left margin or a row of positioned cells, so that
 * label–value tables, right-aligned amount columns and multi-column headers come out the
 * way a letter-writing program would place them. Nothing is committed; tests render on the fly.
 */
// The letter layout (lines, cells, lv, row) is the one the unseen-author letters are written in.
import { LEFT, type Line } from '../../scripts/fixtures/analysis/unseen/model.js';

export { LEFT, RIGHT, lv, row, type Cell, type Line } from '../../scripts/fixtures/analysis/unseen/model.js';

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
