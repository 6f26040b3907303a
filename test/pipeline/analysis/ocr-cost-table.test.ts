/**
 * A fine notice's cost table as OCR reads real phone photos and web images of it (issue 22): the
 * Auslagen amount whose decimal comma OCR lost ("Auslagen 350 €"), a box whose amounts stand
 * half a line off their labels, two table rows OCR grouped as one line. Built as OCR'd words at
 * the positions such notices print them, then analysed by the real layout and analysis steps;
 * each time the value is the one the table's sum ties down, or none — never a neighbour's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

/** A word at x on the line whose top is y (10 pt high, 6 pt per character unless a width is given). */
type W = [text: string, x: number, y: number, height?: number];
const cell = ([text, x, y, height = 10]: W, source: 'ocr' | 'pdf'): TextCell => ({ text, bbox: { x, y, width: text.length * 6, height }, fontSize: height, source, confidence: 0.8 });
/** Words of a line at y, laid out left to right as [text, x] pairs. */
const row = (y: number, ...words: [string, number][]): W[] => words.map(([t, x]) => [t, x, y]);

function notice(words: W[], source: 'ocr' | 'pdf' = 'ocr'): LoadedDocument {
  return { format: source === 'ocr' ? 'jpeg' : 'pdf', pages: [{ number: 1, width: 595, height: 842, source, cells: words.map((w) => cell(w, source)) }] };
}

const head: W[] = [
  ...row(60, ['Stadt', 56], ['Musterstadt', 92], ['Bußgeldstelle', 170]),
  ...row(120, ['Bußgeldbescheid', 56]),
  ...row(150, ['Ihnen', 56], ['wird', 92], ['vorgeworfen,', 122], ['am', 200], ['08.06.2014', 218], ['um', 284], ['11:00', 302], ['Uhr', 336], ['folgende', 362], ['Ordnungswidrigkeit', 414], ['begangen', 530]),
  ...row(164, ['zu', 56], ['haben:', 74], ['Sie', 116], ['überschritten', 140], ['die', 222], ['zulässige', 244], ['Höchstgeschwindigkeit', 302], ['um', 434], ['21', 452], ['km/h.', 468]),
];

describe('fine-notice cost tables read by OCR', () => {
  it('an amount whose decimal comma OCR lost is read as the cents the table sum needs', () => {
    const words: W[] = [
      ...head,
      ...row(200, ['eine', 56], ['Geldbuße', 86], ['festgesetzt', 140], ['von:', 212], ['80,00', 480], ['€', 515]),
      ...row(214, ['Gebühr', 56], ['25,00', 480], ['€', 515]),
      ...row(228, ['Auslagen', 56], ['350', 486], ['€', 515]),
      ...row(242, ['Die', 56], ['Gesamtforderung', 80], ['beträgt', 176], ['somit', 222], ['108,50', 474], ['€', 515]),
    ];
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words));
    assert.equal(a.key_numbers.auslagen?.value, '3,50 €');
    assert.equal(a.key_numbers.gesamtbetrag?.value, '108,50 €');
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
  });

  it('a figure without a comma that no sum confirms is no amount, and a text layer is read as printed', () => {
    const words: W[] = [
      ...head,
      ...row(200, ['eine', 56], ['Geldbuße', 86], ['festgesetzt', 140], ['von:', 212], ['80,00', 480], ['€', 515]),
      ...row(214, ['Gebühr', 56], ['25,00', 480], ['€', 515]),
      ...row(228, ['Auslagen', 56], ['350', 486], ['€', 515]),
      ...row(242, ['Die', 56], ['Gesamtforderung', 80], ['beträgt', 176], ['somit', 222], ['110,00', 474], ['€', 515]),
    ];
    assert.equal(analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words)).key_numbers.auslagen, undefined);
    const tied = words.map((w): W => (w[0] === '110,00' ? ['108,50', w[1], w[2]] : w));
    assert.equal(analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(tied, 'pdf')).key_numbers.auslagen, undefined);
  });

  it('a label whose amount OCR set half a line off takes the unlabelled amount beside it, not the next row’s', () => {
    // The grey box of a city's notice: labels right-aligned in the box, amounts at its edge.
    const words: W[] = [
      ...head,
      ...row(200, ['Geldbuße:', 392], ['80,00', 502], ['EUR', 529]),
      ...row(214, ['Gebühr:', 402], ['25,00', 501], ['EUR', 529]),
      ...row(226, ['3,50', 507], ['EUR', 529]),
      ...row(233, ['Auslagen', 341], ['Verwaltung:', 392]),
      ...row(247, ['Auslagen', 343], ['der', 394], ['Polizei:', 416], ['0,00', 507], ['EUR', 529]),
      ...row(261, ['sonstige', 354], ['Auslagen:', 406], ['0,00', 507], ['EUR', 529]),
      ...row(285, ['zu', 335], ['zahlender', 350], ['Betrag:', 410], ['108,50', 492], ['EUR', 529]),
    ];
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words));
    assert.equal(a.key_numbers.auslagen?.value, '3,50 EUR');
    assert.equal(a.key_numbers.gebuehren?.value, '25,00 EUR');
  });

  it('two table rows OCR grouped as one line (a word box drawn over both) are read as two', () => {
    const words: W[] = [
      ...head,
      ...row(200, ['eine', 56], ['Geldbuße', 86], ['festgesetzt', 140], ['von:', 212], ['500,00', 474], ['€', 515]),
      ['Gebühr', 300, 214, 20],
      ['25,00€', 480, 214],
      ['Auslagen', 300, 226],
      ['3,50€', 486, 226],
      ...row(250, ['Die', 300], ['Gesamtforderung', 324], ['beträgt', 420], ['528,50', 474], ['€', 515]),
    ];
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words));
    assert.equal(a.key_numbers.gebuehren?.value, '25,00€');
    assert.equal(a.key_numbers.auslagen?.value, '3,50€');
  });

  it('a sentence that breaks before its amount ("… mit einem Verwarnungsgeld von" / "30,00 €" centred below) names that amount', () => {
    const words: W[] = [
      ...row(60, ['Regierungspräsidium', 56], ['Kassel', 180]),
      ...row(120, ['Verwarnung', 56], ['mit', 122], ['Verwarnungsgeld', 146]),
      ...row(150, ['Wegen', 56], ['dieser', 96], ['Ordnungswidrigkeit', 136], ['verwarne', 250], ['ich', 302], ['Sie', 324], ['mit', 346], ['einem', 368], ['Verwarnungsgeld', 402], ['von', 494]),
      ['30,00', 250, 176, 14],
      ['€', 286, 176, 14],
      ...row(200, ['Die', 56], ['Verwarnung', 80], ['wird', 146], ['nur', 176], ['wirksam.', 200]),
    ];
    assert.equal(analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words)).key_numbers.geldbusse?.value, '30,00 €');
  });

  it('a notice whose date cannot be read but which prints the two-week objection period is flagged, without a computed date', () => {
    const words: W[] = [
      ...head,
      ...row(200, ['eine', 56], ['Geldbuße', 86], ['festgesetzt', 140], ['von:', 212], ['80,00', 480], ['€', 515]),
      ...row(230, ['Rechtsbehelfsbelehrung', 56]),
      ...row(244, ['Der', 56], ['Bußgeldbescheid', 80], ['wird', 176], ['rechtskräftig,', 206], ['wenn', 296], ['Sie', 326], ['nicht', 348], ['innerhalb', 380], ['von', 440], ['zwei', 462], ['Wochen', 490]),
      ...row(258, ['nach', 56], ['seiner', 86], ['Zustellung', 124], ['schriftlich', 190], ['Einspruch', 260], ['einlegen.', 318]),
    ];
    const flag = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words)).review_flags.find((f) => f.topic === 'einspruchsfrist');
    assert.ok(flag, 'einspruchsfrist raised');
    assert.doesNotMatch(flag.description, /\d{2}\.\d{2}\.\d{4}/u);
    const silent = words.filter((w) => w[2] < 230);
    assert.equal(analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(silent)).review_flags.some((f) => f.topic === 'einspruchsfrist'), false);
  });

  it('a cost list behind dotted leaders OCR read as junk, and a letter date whose first point came out as a comma (issue 22 §2)', () => {
    const words: W[] = [
      ...row(40, ['Datum:', 380], ['10,12.2015', 420]),
      ...head,
      ...row(200, ['Geldbuße', 56], ['...0000s0000', 140], ['0000000200', 230], ['nennen', 320], ['anEnn', 380], ['100,00', 474], ['EUR', 515]),
      ...row(214, ['Gebühr', 56], ['..........', 140], ['oooo.....', 230], ['nennen', 320], ['25,00', 480], ['EUR', 515]),
      ...row(228, ['Auslagen', 56], ['.....ooo', 140], ['0000000', 230], ['nennen', 320], ['3,50', 486], ['EUR', 515]),
      ...row(242, ['zu', 56], ['zahlender', 74], ['Gesamtbetrag', 134], ['128,50', 474], ['EUR', 515]),
    ];
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words));
    assert.equal(a.key_numbers.bescheiddatum?.value, '10.12.2015');
    assert.equal(a.key_numbers.geldbusse?.value, '100,00 EUR');
    assert.equal(a.key_numbers.gebuehren?.value, '25,00 EUR');
    assert.equal(a.key_numbers.auslagen?.value, '3,50 EUR');
    assert.equal(a.key_numbers.gesamtbetrag?.value, '128,50 EUR');
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
  });

  it('a fine stated in prose and again as the garbled first row of the cost table: the total whose label OCR garbled is the row the table adds up to', () => {
    // The scan of a motorway notice (batch H): `Geldbuße ..... 200,00 EUR` read as `BEIIRUBE ER
    // mente`, `Gesamtbetrag ..... 232,00 EUR` as `GESAMIDEMAG nahen …`.
    const words: W[] = [
      ...head,
      ...row(186, ['Gegen', 56], ['Sie', 88], ['wird', 103], ['eine', 124], ['Geldbuße', 145], ['von', 189], ['200,00', 207], ['Euro', 239], ['festgesetzt.', 261]),
      ...row(214, ['BEIIRUBE', 56], ['ER', 118], ['mente', 211], ['200,00', 349], ['EUR', 381]),
      ...row(228, ['Gebühr', 56], ['nach', 91], ['§', 114], ['107', 122], ['OWiG', 170], ['28,50', 355], ['EUR', 381]),
      ...row(242, ['Auslagen', 56], ['(Zustellung)', 99], ['3,50', 361], ['EUR', 381]),
      ...row(256, ['GESAMIDEMAG', 56], ['nahen', 123], ['ngassansen', 182], ['232,00', 349], ['EUR', 381]),
    ];
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(words));
    assert.equal(a.key_numbers.gesamtbetrag?.value, '232,00 EUR');
    assert.equal(a.key_numbers.geldbusse?.value, '200,00 EUR');
    assert.deepEqual(a.checks?.map((c) => c.holds), [true]);
    // The same table whose rows do not add up gives no total.
    const off = words.map((w): W => (w[0] === '232,00' ? ['242,00', w[1], w[2]] : w));
    assert.equal(analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(off)).key_numbers.gesamtbetrag, undefined);
  });
});
