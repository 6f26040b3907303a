/**
 * A fine notice photographed at a slope (issue 22: the Zwickau photo's cost list falls by ~2°
 * while the page is levelled as a whole): each printed line falls apart into pieces, and an amount
 * far right in the cost column stands as low as the next line's start. The pieces of a printed
 * line are joined again along the slope of the lines around them (layout/sloped-lines.ts), so
 * every cost keeps its label and the sum holds. Built as OCR'd words at the positions such a
 * photo gives them, then analysed by the real layout and analysis steps.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { documentTextLines } from '../../../src/pipeline/layout/text-lines.js';
import { joinSlopedLines } from '../../../src/pipeline/layout/sloped-lines.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

const H = 10;
const cell = (text: string, x: number, y: number, source: 'ocr' | 'pdf'): TextCell => ({ text, bbox: { x, y, width: text.length * 6, height: H }, fontSize: H, source, confidence: 0.8 });

/** A printed line whose top is y at x = 0, falling by `slope` points per point to the right. */
const line = (slope: number, y: number, words: [string, number][]) => words.map(([t, x]) => [t, x, y + slope * x] as const);

function notice(slope: number, source: 'ocr' | 'pdf' = 'ocr'): LoadedDocument {
  const rows = [
    line(slope, 60, [['Stadt', 56], ['Musterstadt', 92], ['Rechtsamt', 170], ['Bußgeldstelle', 240], ['Zimmer', 330], ['208', 380]]),
    line(slope, 100, [['Bußgeldbescheid', 56]]),
    line(slope, 130, [['Ihnen', 56], ['wird', 92], ['zur', 122], ['Last', 146], ['gelegt,', 176], ['am', 222], ['07.08.2015', 240], ['um', 306], ['12:12', 324], ['Uhr', 358], ['in', 382], ['Musterstadt', 396]]),
    line(slope, 144, [['eine', 56], ['Ordnungswidrigkeit', 86], ['begangen', 200], ['zu', 256], ['haben.', 274], ['Beweismittel:', 320], ['Foto,', 400], ['Film', 436]]),
    line(slope, 170, [['Wegen', 56], ['dieser', 92], ['Ordnungswidrigkeit', 134], ['wird', 248], ['gegen', 278], ['Sie', 314]]),
    line(slope, 184, [['1.', 56], ['eine', 70], ['Geldbuße', 100], ['festgesetzt', 154], ['(§', 226], ['17', 242], ['OWiG)', 258], ['in', 298], ['Höhe', 314], ['von:', 346], ['100,00', 470], ['EUR', 512]]),
    line(slope, 198, [['2.', 56], ['Außerdem', 70], ['haben', 130], ['Sie', 166], ['die', 190], ['Kosten', 212], ['des', 254], ['Verfahrens', 278], ['zu', 344], ['tragen', 362]]),
    line(slope, 212, [['(§§', 70], ['105,', 94], ['107', 124], ['OWiG),', 148], ['die', 194], ['wie', 216], ['folgt', 240], ['festgesetzt', 272], ['werden:', 340]]),
    line(slope, 226, [['a)', 300], ['Gebühr', 316], ['25,00', 476], ['EUR', 512]]),
    line(slope, 240, [['b)', 300], ['Auslagen', 316], ['3,50', 482], ['EUR', 512]]),
    line(slope, 254, [['zu', 260], ['zahlender', 278], ['Gesamtbetrag', 338], ['128,50', 470], ['EUR', 512]]),
    line(slope, 280, [['Hinweis:', 56], ['Dieser', 110], ['Bescheid', 152], ['wird', 206], ['mit', 236], ['1', 260], ['Punkt', 272], ['im', 308], ['Fahreignungsregister', 326], ['eingetragen.', 452]]),
  ];
  // OCR gives the words line by line, as the engine reads them.
  const cells = rows.flat().map(([t, x, y]) => cell(t, x, y, source));
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells }] };
}

describe('photographed letters whose lines run at a slope', () => {
  it('the premise: at 2° the midline grouping cuts the fine’s line and puts its amount on the next line', () => {
    const lines = documentTextLines(notice(0.035));
    assert.ok(!lines.some((l) => /Geldbuße.*100,00/u.test(l.text)));
  });

  it('joins the pieces of each printed line along the slope: every cost keeps its label and the sum holds', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(0.035));
    assert.equal(a.key_numbers.geldbusse?.value, '100,00 EUR');
    assert.equal(a.key_numbers.gebuehren?.value, '25,00 EUR');
    assert.equal(a.key_numbers.auslagen?.value, '3,50 EUR');
    assert.equal(a.key_numbers.gesamtbetrag?.value, '128,50 EUR');
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
  });

  it('reads the level photo alike, and leaves its lines as they were grouped', () => {
    const level = notice(0);
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', level);
    assert.equal(a.key_numbers.geldbusse?.value, '100,00 EUR');
    const lines = documentTextLines(level);
    assert.deepEqual(joinSlopedLines(lines), lines);
  });

  it('a text layer is left as printed', () => {
    const lines = documentTextLines(notice(0.035, 'pdf'));
    assert.deepEqual(joinSlopedLines(lines), lines);
  });

  it('the other tilt, rising to the right: the amounts stand as high as the line above and are joined to their labels too', () => {
    const rising = notice(-0.035);
    assert.ok(!documentTextLines(rising).some((l) => /Geldbuße.*100,00/u.test(l.text)), 'premise: the grouping put the amount elsewhere');
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', rising);
    assert.equal(a.key_numbers.geldbusse?.value, '100,00 EUR');
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
  });
});
