/**
 * Labels and their values across OCR damage (issue 22 §2): a dotted leader between label and
 * amount read as junk words, and a letter date printed with an abbreviated month (`15. Sept.
 * 2016`). The lines are built from OCR'd words as the reader gives them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextCell } from '../../../src/pipeline/model/document.js';
import { readLetterLines } from '../../../src/pipeline/layout/letter-lines.js';
import { findKeyValue } from '../../../src/pipeline/stages/analysis/common/values.js';

/** One page of OCR'd lines (words at the given x, 6 pt per character, 14 pt line pitch). */
function page(lines: [string, number][][], source: 'ocr' | 'pdf' = 'ocr') {
  const cells: TextCell[] = lines.flatMap((words, index) => words.map(([text, x]) => ({ text, bbox: { x, y: 100 + index * 14, width: text.length * 6, height: 10 }, fontSize: 10, source, confidence: 0.6 })));
  return readLetterLines({ format: 'jpeg', pages: [{ number: 1, width: 595, height: 842, source, cells }] });
}

describe('values behind OCR damage', () => {
  it('an amount behind a dotted leader that OCR read as junk words', () => {
    // `für die Zeit ab 27.03.2018 auf jährlich ........ 47,00` as the issue quotes its OCR.
    const lines = page([[['Jahressteuer', 56], ['...0000s0000', 140], ['0000000200', 220], ['nennen', 290], ['nennen', 330], ['anEnn', 370], ['47,00', 420]]]);
    assert.equal(findKeyValue(lines, { labels: ['Jahressteuer'], kind: 'money' })?.value, '47,00');
    const leaders = page([[['Gebühr', 56], ['..........', 100], ['oooo.....', 170], ['25,00', 420], ['EUR', 460]]]);
    assert.equal(findKeyValue(leaders, { labels: ['Gebühr'], kind: 'money', maxGap: 2 })?.value, '25,00 EUR');
    // A low-resolution image of a motor-vehicle tax assessment: the leader as one long word, then junk.
    const long = page([[['Jahressteuer', 56], ['...................uu..2u0s04@00n008000200002000nnun0onsanannanssnn', 140], ['ee', 400], ['ennsnensenenenenesesnennnnnne', 412], ['141,00', 480], ['EUR', 520]]]);
    assert.equal(findKeyValue(long, { labels: ['Jahressteuer'], kind: 'money', maxGap: 2 })?.value, '141,00 EUR');
  });

  it('words of a sentence between label and amount still count: no amount from further along', () => {
    const lines = page([[['Jahressteuer', 56], ['wird', 140], ['nach', 170], ['dem', 200], ['neuen', 230], ['Satz', 270], ['neu', 300], ['berechnet', 330], ['47,00', 420]]]);
    assert.equal(findKeyValue(lines, { labels: ['Jahressteuer'], kind: 'money' }), null);
    // Words that only look like leader junk count too unless a leader opens the run.
    const plain = page([[['Jahressteuer', 56], ['nennen', 140], ['nennen', 190], ['anEnn', 240], ['nennen', 290], ['nennen', 330], ['47,00', 420]]]);
    assert.equal(findKeyValue(plain, { labels: ['Jahressteuer'], kind: 'money' }), null);
  });

  it('a date with an abbreviated month and its point (`15. Sept. 2016`)', () => {
    const lines = page([[['Telefon:', 380]], [['Datum:', 380], ['15.', 512], ['Sept.', 530], ['2016', 561]]]);
    assert.equal(findKeyValue(lines, { labels: ['Datum'], kind: 'date' })?.value, '15. Sept. 2016');
    const full = page([[['Datum:', 380], ['3.', 512], ['Oktober', 530], ['2016', 580]]]);
    assert.equal(findKeyValue(full, { labels: ['Datum'], kind: 'date' })?.value, '3. Oktober 2016');
  });
});
