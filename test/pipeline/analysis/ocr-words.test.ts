/**
 * OCR misreadings in letters (common/ocr-words.ts): undone on OCR'd words where the context
 * says what they were, left alone on a text layer and where the context is missing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextCell } from '../../../src/pipeline/model/document.js';
import type { TextLine } from '../../../src/pipeline/layout/text-lines.js';
import { undoOcrMisreadings } from '../../../src/pipeline/stages/analysis/common/ocr-words.js';

/** A line of words at the given x positions (width 6 pt per character), on OCR or a text layer. */
function line(index: number, words: [string, number][], source: 'ocr' | 'pdf' = 'ocr'): TextLine {
  const cells: TextCell[] = words.map(([text, x]) => ({ text, bbox: { x, y: 100 + index * 14, width: text.length * 6, height: 10 }, fontSize: 10, source, confidence: 0.9 }));
  return { page: 1, index, cells, text: words.map((w) => w[0]).join(' '), top: 100 + index * 14, bottom: 110 + index * 14, x0: words[0]![1], x1: Math.max(...cells.map((c) => c.bbox.x + c.bbox.width)), size: 10 };
}

const texts = (lines: TextLine[]) => undoOcrMisreadings(lines).map((l) => l.text);

describe('OCR misreadings in letters', () => {
  it('a section sign read as 8 before a paragraph and its Abs. or law', () => {
    assert.deepEqual(texts([line(0, [['nach', 56], ['8', 90], ['622', 100], ['Abs.', 124], ['2', 150], ['BGB', 160]])]), ['nach § 622 Abs. 2 BGB']);
    assert.deepEqual(texts([line(0, [['Gebühr', 56], ['(8', 100], ['107', 114], ['OWiG)', 140]])]), ['Gebühr (§ 107 OWiG)']);
  });

  it('an 8 that counts something stays an 8; a text layer is never touched', () => {
    assert.deepEqual(texts([line(0, [['seit', 56], ['8', 90], ['Jahren', 100]])]), ['seit 8 Jahren']);
    assert.deepEqual(texts([line(0, [['nach', 56], ['8', 90], ['622', 100], ['BGB', 124]], 'pdf')]), ['nach 8 622 BGB']);
  });

  it('a decimal comma read as a colon, and as a point inside an amount column', () => {
    const lines = [line(0, [['Krankenversicherung', 56], ['337,54', 380]]), line(1, [['Pflegeversicherung', 56], ['92:16', 386]]), line(2, [['Rentenversicherung', 56], ['357.12', 380]])];
    assert.deepEqual(texts(lines), ['Krankenversicherung 337,54', 'Pflegeversicherung 92,16', 'Rentenversicherung 357,12']);
  });

  it('a point that may end a day and month stays where no amount column is beside it', () => {
    assert.deepEqual(texts([line(0, [['am', 56], ['12.05', 80], ['eingegangen', 120]])]), ['am 12.05 eingegangen']);
  });

  it('a date whose point came out as a colon, not a time', () => {
    assert.deepEqual(texts([line(0, [['Bescheiddatum', 56], ['19.05:2025', 200]]), line(1, [['um', 56], ['09:05', 80]])]), ['Bescheiddatum 19.05.2025', 'um 09:05']);
  });
});
