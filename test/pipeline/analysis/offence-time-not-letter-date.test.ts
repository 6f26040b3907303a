/**
 * A crop of a written warning without its letterhead (issue 22, a real web image: the heading,
 * the amount box and the charge, no letter date printed). The only date on the page is the
 * offence's, in the charge `… am 02.10.2009 um 13.23 in Düsseldorf …`, right of the page middle.
 * A date with a time of day after it stamps an event, never the letter: the notice has no
 * bescheiddatum then (prefer no value to the offence date under another name), while the same
 * date stays its tatdatum. Built as OCR'd words at the positions the crop prints them, through
 * the real layout and analysis steps.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';

type W = [text: string, x: number, y: number];
const row = (y: number, ...words: [string, number][]): W[] => words.map(([t, x]) => [t, x, y]);
const cell = ([text, x, y]: W): TextCell => ({ text, bbox: { x, y, width: text.length * 6, height: 10 }, fontSize: 10, source: 'ocr', confidence: 0.8 });

function crop(charge: W[]): LoadedDocument {
  const words: W[] = [
    ...row(20, ['Schriftliche', 30], ['Verwarnung/Anhörungsbogen', 110]),
    ...row(50, ['Aktenzeichen', 30], ['Verwarnungsgeld', 380]),
    ...row(70, ['Bei', 30], ['Zahlungen', 52], ['und', 112], ['Rückfragen', 136], ['bitte', 200], ['angeben', 232], ['35,00', 380], ['Euro', 414]),
    ...charge,
    ...row(124, ['Düsseldorf,', 30], ['Rheinufertunnel', 98], ['in', 190], ['Fahrtrichtung', 204], ['Süden', 286]),
    ...row(138, ['folgende', 30], ['Ordnungswidrigkeit', 82], ['begangen', 192], ['zu', 248], ['haben:', 264]),
    ...row(152, ['Sie', 30], ['überschritten', 52], ['die', 134], ['zulässige', 156], ['Höchstgeschwindigkeit', 214], ['innerhalb', 346]),
    ...row(166, ['geschlossener', 30], ['Ortschaften', 112], ['um', 182], ['019', 200], ['km/h.', 222]),
  ];
  return { format: 'jpeg', pages: [{ number: 1, width: 560, height: 300, source: 'ocr', cells: words.map(cell) }] };
}

describe('a crop whose only date is the offence’s', () => {
  it('gives no letter date, and the date stays the offence date', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', crop(row(110, ['Ihnen', 30], ['wird', 66], ['zur', 94], ['Last', 116], ['gelegt,', 142], ['mit', 188], ['dem', 210], ['Fahrzeug', 236], ['‚am', 290], ['02.10.2009', 316], ['um', 380], ['13.23', 398], ['in', 434])));
    assert.equal(a.key_numbers.tatdatum?.value, '02.10.2009');
    assert.equal(a.key_numbers.bescheiddatum, undefined);
  });

  it('a date right of the middle without a time after it is still the letter date', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', crop([...row(96, ['05.10.2009', 380]), ...row(110, ['Ihnen', 30], ['wird', 66], ['zur', 94], ['Last', 116], ['gelegt,', 142], ['mit', 188], ['dem', 210], ['Fahrzeug', 236], ['‚am', 290], ['02.10.2009', 316], ['um', 380], ['13.23', 398], ['in', 434])]));
    assert.equal(a.key_numbers.bescheiddatum?.value, '05.10.2009');
  });
});
