/**
 * OCR misreadings in letters (layout/letter-lines.ts): undone on OCR'd words where the context
 * says what they were, left alone on a text layer and where the context is missing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextCell } from '../../../src/pipeline/model/document.js';
import { readLetterLines } from '../../../src/pipeline/layout/letter-lines.js';

/** The words of one line at the given x positions (width 6 pt per character). */
type Line = { index: number; words: [string, number][] };
function line(index: number, words: [string, number][]): Line {
  return { index, words };
}

/** The lines' texts as the analysis reads them, from one page of OCR'd words or of a text layer. */
function texts(lines: Line[], source: 'ocr' | 'pdf' = 'ocr'): string[] {
  const cells: TextCell[] = lines.flatMap((l) => l.words.map(([text, x]) => ({ text, bbox: { x, y: 100 + l.index * 14, width: text.length * 6, height: 10 }, fontSize: 10, source, confidence: 0.9 })));
  return readLetterLines({ format: 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells }] }).map((l) => l.text);
}

describe('OCR misreadings in letters', () => {
  it('a section sign read as 8 before a paragraph and its Abs. or law', () => {
    assert.deepEqual(texts([line(0, [['nach', 56], ['8', 90], ['622', 100], ['Abs.', 124], ['2', 150], ['BGB', 160]])]), ['nach § 622 Abs. 2 BGB']);
    assert.deepEqual(texts([line(0, [['Gebühr', 56], ['(8', 100], ['107', 114], ['OWiG)', 140]])]), ['Gebühr (§ 107 OWiG)']);
  });

  it('an 8 that counts something stays an 8; a text layer is never touched', () => {
    assert.deepEqual(texts([line(0, [['seit', 56], ['8', 90], ['Jahren', 100]])]), ['seit 8 Jahren']);
    assert.deepEqual(texts([line(0, [['nach', 56], ['8', 90], ['622', 100], ['BGB', 124]])], 'pdf'), ['nach 8 622 BGB']);
  });

  it('a decimal comma read as a colon (no time of day) or as a point (no day and month)', () => {
    const lines = [line(0, [['Krankenversicherung', 56], ['337,54', 380]]), line(1, [['Pflegeversicherung', 56], ['92:16', 386]]), line(2, [['Rentenversicherung', 56], ['357.12', 380]])];
    assert.deepEqual(texts(lines), ['Krankenversicherung 337,54', 'Pflegeversicherung 92,16', 'Rentenversicherung 357,12']);
  });

  it('a point that may end a day and month stays, and so does a time of day outside an amount column', () => {
    assert.deepEqual(texts([line(0, [['am', 56], ['12.05', 80], ['eingegangen', 120]])]), ['am 12.05 eingegangen']);
    assert.deepEqual(texts([line(0, [['um', 56], ['12:30', 80], ['Uhr', 120]])]), ['um 12:30 Uhr']);
  });

  it('a colon form that could be a time is an amount inside an amount column', () => {
    const lines = [line(0, [['Gebühr', 56], ['28,50', 370]]), line(1, [['Auslagen', 56], ['12:30', 370]])];
    assert.deepEqual(texts(lines), ['Gebühr 28,50', 'Auslagen 12,30']);
  });

  it('a date whose point came out as a colon, not a time', () => {
    assert.deepEqual(texts([line(0, [['Bescheiddatum', 56], ['19.05:2025', 200]]), line(1, [['um', 56], ['09:05', 80]])]), ['Bescheiddatum 19.05.2025', 'um 09:05']);
  });

  it('a date whose points came out as a colon and a space, or a comma, in a deadline (issue 22 §2)', () => {
    // A motor-vehicle tax assessment's payment line: "spätestens am 09.09.2018" read as
    // "spätestens am 09:09 2018"; a fine notice's "Datum: 10,12.2015".
    assert.deepEqual(texts([line(0, [['spätestens', 56], ['am', 130], ['09:09', 150], ['2018', 184], ['zu', 214], ['zahlen.', 230]])]), ['spätestens am 09.09.2018 zu zahlen.']);
    assert.deepEqual(texts([line(0, [['Datum:', 56], ['10,12.2015', 100]])]), ['Datum: 10.12.2015']);
    assert.deepEqual(texts([line(0, [['bis', 56], ['zum', 80], ['09.09', 104], ['2018.', 138]])]), ['bis zum 09.09.2018.']);
  });

  it('a time of day before a year stays a time; a text layer is left as printed', () => {
    assert.deepEqual(texts([line(0, [['um', 56], ['09:09', 80], ['2018', 114]])]), ['um 09:09 2018']);
    assert.deepEqual(texts([line(0, [['am', 56], ['10:55', 80], ['Uhr', 114], ['2018', 140]])]), ['am 10:55 Uhr 2018']);
    assert.deepEqual(texts([line(0, [['am', 56], ['09:09', 80], ['2018', 114]])], 'pdf'), ['am 09:09 2018']);
    // Not a valid day and month (30 February): no date.
    assert.doesNotMatch(texts([line(0, [['am', 56], ['30.02', 80], ['2018', 114]])])[0]!, /30\.02\.2018/);
  });
});
