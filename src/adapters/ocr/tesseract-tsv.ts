import type { OcrWord } from '../../ports/ocr-engine.js';

/**
 * Parses tesseract's TSV output (level, page, block, par, line, word, left, top, width, height,
 * conf, text), which both the native CLI and tesseract.js produce, into words. Rows of level 5
 * are words; empty words and the -1 confidences of structural rows are skipped.
 */
export function parseTesseractTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const text = cols.slice(11).join('\t').trim();
    const conf = Number(cols[10]);
    if (text.length === 0 || !(conf >= 0)) continue;
    words.push({
      text,
      x: Number(cols[6]),
      y: Number(cols[7]),
      width: Number(cols[8]),
      height: Number(cols[9]),
      confidence: Math.min(1, conf / 100),
    });
  }
  return words;
}

/** A binary PGM (P5) header + pixels: read by leptonica without any compression step. */
export function encodePgm(data: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  return Buffer.concat([header, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
}
